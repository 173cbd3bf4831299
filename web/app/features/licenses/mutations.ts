import { useMutation, useQueryClient } from "@tanstack/react-query";

import { licensesApi } from "./api";
import { licenseQueryKeys } from "~/lib/query-keys";

export function useRenameLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => licensesApi.rename(id, name),
    onSettled: () => queryClient.invalidateQueries({ queryKey: licenseQueryKeys.all }),
  });
}

export function useChangeDeviceKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deviceKey }: { id: string; deviceKey: string }) =>
      licensesApi.changeKey(id, deviceKey),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: licenseQueryKeys.all }),
        queryClient.invalidateQueries({ queryKey: licenseQueryKeys.history }),
      ]),
  });
}
