// The Catalogue page's calls (super-admin, decision 074) and their queries: every change reads the
// catalogue (and the audit log) again.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import type { CreatePlanBody, ReorderPlansBody, UpdatePlanBody } from "../../../../../contracts/catalogue-admin";
import { client, unwrap } from "~/lib/api";

export type { Catalogue, CataloguePlanDto } from "../../../../../contracts/catalogue-admin";

export const catalogueApi = {
  list: (signal?: AbortSignal) => unwrap(client.GET("/api/admin/catalogue", { signal })),
  create: (body: CreatePlanBody) => unwrap(client.POST("/api/admin/catalogue/plans", { body })),
  update: (id: string, body: UpdatePlanBody) => unwrap(client.PATCH("/api/admin/catalogue/plans/{id}", { params: { path: { id } }, body })),
  reorder: (body: ReorderPlansBody) => unwrap(client.PUT("/api/admin/catalogue/order", { body })),
};

export const catalogueKey = ["admin", "catalogue"] as const;

export function useCatalogue() {
  return useQuery({ queryKey: catalogueKey, queryFn: ({ signal }) => catalogueApi.list(signal), staleTime: 0 });
}

function useCatalogueMutation<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogueKey }),
        queryClient.invalidateQueries({ queryKey: ["admin", "audit"] }),
      ]),
  });
}

export const useCreatePlan = () => useCatalogueMutation((body: CreatePlanBody) => catalogueApi.create(body));
export const useUpdatePlan = () => useCatalogueMutation(({ id, body }: { id: string; body: UpdatePlanBody }) => catalogueApi.update(id, body));
export const useReorderPlans = () => useCatalogueMutation((body: ReorderPlansBody) => catalogueApi.reorder(body));
