import { useQuery } from "@tanstack/react-query";

import { accountKeys } from "~/lib/query-keys";

import { accountApi } from "./api";


/** The spec's balance refetch: every 30 s, also while the tab is in the background. */
export const BALANCE_REFETCH_MS = 30_000;

export function useProfile() {
  return useQuery({ queryKey: accountKeys.profile, queryFn: ({ signal }) => accountApi.profile(signal) });
}

/** The API key (the server creates it on the first read). */
export function useApiKey() {
  return useQuery({ queryKey: accountKeys.apiKey, queryFn: ({ signal }) => accountApi.apiKey(signal) });
}

/** The balance of the API key, refreshed every 30 s (shared by Profile and OTP Gmail). */
export function useBalance() {
  return useQuery({
    queryKey: accountKeys.balance,
    queryFn: ({ signal }) => accountApi.balance(signal),
    refetchInterval: BALANCE_REFETCH_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}
