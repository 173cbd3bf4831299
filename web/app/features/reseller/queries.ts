// The Reseller page's queries: the overview (plans and bulk orders) and a page of licences; an
// assignment reads both again (an order's "assigned x of N" changes with it).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { resellerKeys } from "~/lib/query-keys";

import { resellerApi, type LicenseListParams } from "./api";

/** A pending bulk order is read again this often (its payment may land while the page is open). */
const PENDING_POLL_MS = 15_000;

export function useResellerOverview() {
  return useQuery({
    queryKey: resellerKeys.overview,
    queryFn: ({ signal }) => resellerApi.overview(signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.orders.some((order) => order.status === "pending") ? PENDING_POLL_MS : false),
  });
}

export function useResellerLicenses(params: LicenseListParams) {
  return useQuery({
    queryKey: resellerKeys.licenses(params),
    queryFn: ({ signal }) => resellerApi.licenses(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAssignLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, email }: { id: string; email: string }) => resellerApi.assign(id, email),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resellerKeys.all }),
  });
}
