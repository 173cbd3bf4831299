import { useMutation, useQueryClient } from "@tanstack/react-query";

import type { OtpServiceId } from "../../../../contracts/otp-services";
import { accountKeys } from "~/lib/query-keys";

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

/** Buys an address for a site (debits its price); the list and the balance are read again afterwards. */
export function useBuyOtpMail() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (service: OtpServiceId) => otpMailApi.buy(service), onSettled: refresh });
}

/** Reads the mailbox of an order for codes. */
export function useCheckOtpMail() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => otpMailApi.check(id), onSettled: refresh });
}
