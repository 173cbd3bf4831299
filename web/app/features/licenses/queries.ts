import { keepPreviousData, useQuery } from "@tanstack/react-query";

import { licenseQueryKeys } from "~/lib/query-keys";

import { licensesApi } from "./api";


/** The signed-in user's licences matching `search` (buy key or licence key; server-side). */
export function useLicenses(search: string) {
  return useQuery({
    queryKey: licenseQueryKeys.list(search),
    queryFn: ({ signal }) => licensesApi.list(search, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of the licence change history (own rows; all rows for admins), newest first. */
export function useLicenseHistory(search: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: licenseQueryKeys.historyPage(search, page, pageSize),
    queryFn: ({ signal }) => licensesApi.history({ search, page, pageSize }, signal),
    placeholderData: keepPreviousData,
  });
}
