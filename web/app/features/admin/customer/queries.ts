import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { SEARCH_MIN_LENGTH } from "../../../../../contracts/customers";
import { isApiError } from "~/lib/api";
import { adminKeys } from "../queries";
import { customerApi, type CustomerView, type LicenseActionBody } from "./api";

export const customerKeys = {
  search: (q: string) => ["admin", "customer-search", q] as const,
  customer: (email: string) => ["admin", "customer", email.toLowerCase()] as const,
};

/** The header's search: runs once the term has 2 characters; the last answer stays while typing. */
export function useCustomerSearch(term: string) {
  return useQuery({
    queryKey: customerKeys.search(term),
    queryFn: ({ signal }) => customerApi.search(term, signal),
    enabled: term.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
  });
}

export function useCustomer(email: string) {
  return useQuery({
    queryKey: customerKeys.customer(email),
    queryFn: ({ signal }) => customerApi.get(email, signal),
    staleTime: 0,
    // NOT_FOUND (nobody has this e-mail) is an answer, not a hiccup.
    retry: (count, error) => count < 1 && !(isApiError(error) && error.code === "NOT_FOUND"),
  });
}

/** After a change: the licence row at once (the answer), then the page's history and audit trail. */
function useRefresh(email: string) {
  const queryClient = useQueryClient();
  return {
    put(license: CustomerView["licences"]["items"][number]) {
      queryClient.setQueryData<CustomerView>(customerKeys.customer(email), (view) => {
        if (!view) return view;
        const known = view.licences.items.some((l) => l.id === license.id);
        const items = known ? view.licences.items.map((l) => (l.id === license.id ? license : l)) : [license, ...view.licences.items];
        return { ...view, licences: { items, total: known ? view.licences.total : view.licences.total + 1 } };
      });
    },
    settle: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customerKeys.customer(email) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  };
}

export function useLicenseAction(email: string) {
  const refresh = useRefresh(email);
  return useMutation({
    mutationFn: ({ licenceId: licenseId, body }: { licenceId: string; body: LicenseActionBody }) => customerApi.act(licenseId, body),
    onSuccess: (result) => refresh.put(result.licence),
    onSettled: refresh.settle,
  });
}

export function useIssueLicense(email: string) {
  const refresh = useRefresh(email);
  return useMutation({
    mutationFn: (body: Parameters<typeof customerApi.issue>[1]) => customerApi.issue(email, body),
    onSuccess: (result) => refresh.put(result.licence),
    onSettled: refresh.settle,
  });
}
