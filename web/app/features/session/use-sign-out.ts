import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";

import { afterSignOut, requestSignOut, signOutFailed } from "~/features/session/sign-out";

export function useSignOut() {
  const navigate = useNavigate();

  return useMutation({
    mutationFn: requestSignOut,
    onSuccess: () => afterSignOut(navigate),
    onError: signOutFailed,
  });
}
