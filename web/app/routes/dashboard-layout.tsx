import { Suspense, useDeferredValue, useEffect, useState } from "react";
import { QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import { Outlet, useLocation, useNavigate } from "react-router";
import { toast } from "~/lib/toast";

import { AppSidebar } from "~/components/app-sidebar";
import { DashboardFooter } from "~/components/dashboard/dashboard-footer";
import { PageSkeleton } from "~/components/dashboard/page-skeleton";
import { SiteHeader } from "~/components/site-header";
import { MAIN_CONTENT_ID, SkipLink } from "~/components/skip-link";
import { getSidebarStateFromCookie, SidebarInset, SidebarProvider } from "~/components/ui/sidebar";
import { useAccountEvents } from "~/features/live/account-events";
import { useAccountLanguage } from "~/features/session/account-language";
import { signedOutPaymentReturn } from "~/features/payments-return/return-address";
import { sessionKeys, useMe } from "~/features/session/queries";
import { describeSessionError } from "~/features/session/session-errors";
import { isSigningOut, markSigningOut } from "~/features/session/session-keys";
import "~/features/shell/copy"; // the shell's words (Translated below reads them)
import { Translated } from "~/lib/i18n";
import { canOpenPage, DASHBOARD_HOME, secondFactorDue } from "~/lib/nav";
import { lazyNamed } from "~/lib/lazy-component";
import { getQueryClient } from "~/lib/query-client";
import { setPublicSession } from "~/lib/session";

// Only a session that owes a second factor sees the gate: its forms (react-hook-form, zod, the
// passkey client) load then, not with every dashboard page (decision 049).
const SecondFactorGate = lazyNamed(() => import("~/features/auth/second-factor-gate"), "SecondFactorGate");
// The admin console's customer search in the header loads for admins only (decision 049).
const CustomerSearch = lazyNamed(() => import("~/features/admin/customer/customer-search"), "CustomerSearch");

/**
 * The dashboard brings the query client with it (the public pages load none). The toaster comes
 * with the first toast (lib/toast.ts), not with the page (decision 049).
 */
export default function DashboardRoute() {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <DashboardLayout />
    </QueryClientProvider>
  );
}

function DashboardLayout() {
  const me = useMe();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  // No SSR: the remembered sidebar state is read from the cookie on first render.
  const [sidebarOpen] = useState(() => getSidebarStateFromCookie());

  const user = me.data ?? null;
  // The page and the signed-in sidebar mount from a deferred copy of the session: React renders
  // them in a transition, in slices that leave the main thread free between them, instead of one
  // long task the moment the session arrives (a phone's Total Blocking Time, issue #28 item 5).
  // The redirects below still act on the session itself.
  const shownUser = useDeferredValue(user);
  const allowed = user !== null && canOpenPage(user, pathname);
  const shownAllowed = shownUser !== null && canOpenPage(shownUser, pathname);
  const due = user ? secondFactorDue(user, pathname) : null;
  // The live stream, like every other call, waits for the second factor.
  useAccountEvents(user !== null && due !== "code");

  // The account's language wins over this browser's remembered choice.
  useAccountLanguage(user);

  // A dashboard page on screen again: a sign-out that left it is over (features/session/sign-out.ts).
  // Declared before the guard below, so a signed-out visitor is still sent to /auth.
  useEffect(() => markSigningOut(false), []);

  // No session: sign in first.
  useEffect(() => {
    if (me.isSuccess && me.data === null && !isSigningOut()) {
      queryClient.setQueryData(sessionKeys.session, null);
      setPublicSession(null);
      // A subscription-tool buyer (no account) back from paying sees the result on the tool's page.
      void navigate(signedOutPaymentReturn(pathname, search) ?? "/auth", { replace: true });
    }
  }, [me.isSuccess, me.data, navigate, queryClient, pathname, search]);

  // The session could not be read: log, sign out, go to /auth.
  useEffect(() => {
    if (!me.isError || isSigningOut()) return;
    console.error("Could not read the session", me.error);
    const { title, description } = describeSessionError(me.error);
    toast.error(title, { id: "session-error", description });
    void import("~/lib/auth-client").then(({ authClient }) => authClient.signOut()).catch(() => undefined);
    queryClient.setQueryData(sessionKeys.session, null);
    setPublicSession(null);
    void navigate("/auth", { replace: true });
  }, [me.isError, me.error, navigate, queryClient]);

  // Signed in but not allowed on this page.
  useEffect(() => {
    if (user && !allowed) {
      // On a first load the account's language may still be on its way: the toast follows it.
      toast.error(<Translated ns="shell" k="access.deniedTitle" />, {
        id: "access-denied",
        description: <Translated ns="shell" k="access.denied" />,
      });
      void navigate(DASHBOARD_HOME, { replace: true });
    }
  }, [user, allowed, navigate]);

  return (
    <SidebarProvider defaultOpen={sidebarOpen}>
      <SkipLink />
      <AppSidebar user={shownUser} />
      <SidebarInset>
        <SiteHeader AdminSearch={CustomerSearch} />
        <main
          id={MAIN_CONTENT_ID}
          aria-busy={!allowed || undefined}
          // At least a screen high: the footer starts below the first screen, not pushed down by the page.
          className="min-h-svh flex-1 px-4 py-6 lg:px-8 lg:py-8"
        >
          <div className="mx-auto w-full max-w-6xl">{due ? (
              <Suspense fallback={<PageSkeleton />}>
                <SecondFactorGate due={due} />
              </Suspense>
            ) : allowed && shownAllowed ? <Outlet /> : <PageSkeleton />}</div>
        </main>
        <DashboardFooter />
      </SidebarInset>
    </SidebarProvider>
  );
}
