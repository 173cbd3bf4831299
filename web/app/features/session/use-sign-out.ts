import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";

// Signing out's code (better-auth's call, the toasts, clearing the cache) comes with the click, as on
// the public pages: it is no part of a dashboard page's first load (issue #28 item 5).
const signOutModule = () => import("~/features/session/sign-out");

export function useSignOut() {
  const navigate = useNavigate();

  return useMutation({
    mutationFn: async () => (await signOutModule()).requestSignOut(),
    onSuccess: async () => (await signOutModule()).afterSignOut(navigate),
    onError: async (error: Error) => (await signOutModule()).signOutFailed(error),
  });
}
