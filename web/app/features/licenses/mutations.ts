import { useMutation, useQueryClient } from "@tanstack/react-query";

import { licensesApi } from "./api";
import { licenseKeys } from "./queries";

export function useRenameLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => licensesApi.rename(id, name),
    onSettled: () => queryClient.invalidateQueries({ queryKey: licenseKeys.all }),
  });
}

export function useChangeLicenseKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, licenseKey }: { id: string; licenseKey: string }) =>
      licensesApi.changeKey(id, licenseKey),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: licenseKeys.all }),
        queryClient.invalidateQueries({ queryKey: licenseKeys.history }),
      ]),
  });
}
