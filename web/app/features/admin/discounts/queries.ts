// The Discount codes page's queries (super-admin, decision 077): every change reads the list, the
// code's report and the audit log again.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import type { CreateDiscountBody, UpdateDiscountBody } from "../../../../../contracts/discounts";
import { discountsApi } from "~/features/discounts/api";
import { isApiError } from "~/lib/api";

export type { DiscountDto, DiscountReport } from "~/features/discounts/api";

export const discountsKey = ["admin", "discounts"] as const;
const reportKey = (id: string) => [...discountsKey, "report", id] as const;

export function useDiscounts() {
  return useQuery({ queryKey: discountsKey, queryFn: ({ signal }) => discountsApi.list(signal), staleTime: 0 });
}

export function useDiscountReport(id: string) {
  return useQuery({
    queryKey: reportKey(id),
    queryFn: ({ signal }) => discountsApi.report(id, signal),
    staleTime: 0,
    // NOT_FOUND (no code at this address) is an answer, not a hiccup.
    retry: (count, error) => count < 1 && !(isApiError(error) && error.code === "NOT_FOUND"),
  });
}

function useDiscountMutation<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: discountsKey }),
        queryClient.invalidateQueries({ queryKey: ["admin", "audit"] }),
      ]),
  });
}

export const useCreateDiscount = () => useDiscountMutation((body: CreateDiscountBody) => discountsApi.create(body));
export const useUpdateDiscount = () => useDiscountMutation(({ id, body }: { id: string; body: UpdateDiscountBody }) => discountsApi.update(id, body));
