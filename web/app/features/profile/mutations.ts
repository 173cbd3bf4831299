import { useMutation, useQueryClient } from "@tanstack/react-query";

import { accountApi } from "./api";
import { accountKeys } from "~/lib/query-keys";

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string; expiryReminders?: boolean }) => accountApi.updateProfile(body),
    onSuccess: (profile) => queryClient.setQueryData(accountKeys.profile, profile),
  });
}

export function useRegenerateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => accountApi.regenerateApiKey(),
    onSuccess: (info) => {
      queryClient.setQueryData(accountKeys.apiKey, info);
      void queryClient.invalidateQueries({ queryKey: accountKeys.balance });
    },
  });
}
