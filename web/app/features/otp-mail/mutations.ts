import { useMutation, useQueryClient } from "@tanstack/react-query";

import { accountKeys } from "~/features/profile/queries";

import { otpMailApi } from "./api";
import { otpMailKeys } from "./queries";

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: otpMailKeys.all }),
      queryClient.invalidateQueries({ queryKey: accountKeys.balance }),
      queryClient.invalidateQueries({ queryKey: accountKeys.apiKey }),
    ]);
}

/** Buys an address (debits the price); the list and the balance are read again afterwards. */
export function useBuyOtpMail() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => otpMailApi.buy(), onSettled: refresh });
}

/** Reads the mailbox of an order for codes. */
export function useCheckOtpMail() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => otpMailApi.check(id), onSettled: refresh });
}
