// Signing out, shared by the dashboard (useSignOut) and the public pages' header, which imports
// this module only when Sign Out is clicked: better-auth's client and sonner stay off their first
// load, and so does the query library (the cache is cleared only if a dashboard visit made one).
import type { NavigateFunction } from "react-router";
import { toast } from "~/lib/toast";

import { clearUserQueries, markSigningOut, sessionKeys } from "~/features/session/session-keys";
import { shellText as t } from "~/features/shell/copy";
import { getActiveQueryClient } from "~/lib/query-client-ref";
import { setPublicSession } from "~/lib/session";
import { showToaster } from "~/lib/toaster";

export async function requestSignOut() {
  showToaster();
  const { authClient } = await import("~/lib/auth-client");
  const { error } = await authClient.signOut();
  if (error) throw new Error(error.message || error.statusText || t("signOut.failed"));
}

/** After the server ended the session: forget it, go home, drop the user's data, say so. */
export async function afterSignOut(navigate: NavigateFunction) {
  const queryClient = getActiveQueryClient();
  setPublicSession(null);
  // Leave the dashboard before its cached user is cleared: cleared first, its guard would race this
  // navigation to /auth (and win on a slow phone). The guard stands aside until a dashboard page
  // mounts again (dashboard-layout.tsx): the layout may still be on screen for a moment after the
  // navigation resolves, while the live stream's reconnect refetches a user who is gone.
  markSigningOut(true);
  try {
    await navigate("/");
  } catch (error) {
    markSigningOut(false);
    throw error;
  }
  queryClient?.setQueryData(sessionKeys.session, null);
  if (queryClient) clearUserQueries(queryClient);
  toast.success(t("signOut.successTitle"), {
    id: "signed-out",
    description: t("signOut.success"),
  });
}

export function signOutFailed(error: Error) {
  toast.error(t("signOut.errorTitle"), { id: "sign-out-error", description: error.message });
}

/** The whole sign-out for a page without a query client (the public header). */
export async function signOut(navigate: NavigateFunction) {
  try {
    await requestSignOut();
  } catch (error) {
    signOutFailed(error instanceof Error ? error : new Error(String(error)));
    return;
  }
  await afterSignOut(navigate);
}
