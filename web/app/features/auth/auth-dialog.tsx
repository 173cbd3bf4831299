import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "~/lib/toast";

import { LanguageSwitch } from "~/components/language-switch";
import { LogoMark } from "~/components/logo";
import { Spinner } from "~/components/spinner";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { AuthPanel } from "~/features/auth/auth-panel";
import { parseAuthView } from "~/features/auth/auth-views";
import { authText, useAuthCopy } from "~/features/auth/copy";
import { clearUserQueries, sessionKeys, useAuthSession } from "~/features/session/queries";
import { describeSessionError } from "~/features/session/session-errors";
import { DASHBOARD_HOME } from "~/lib/nav";
import { invalidatePublicSession } from "~/lib/session";

/** The sign-in dialog of /auth: open from the start; closing it goes home. */
export function AuthDialog() {
  const { t } = useAuthCopy();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const view = parseAuthView(searchParams.get("view"));

  // Always ask the server: a cached answer may be stale (e.g. the session just expired).
  const session = useAuthSession({ refetchOnMount: "always" });
  const checked = session.isFetchedAfterMount || session.isError;
  const signedIn = checked && !session.isError && session.data != null;

  useEffect(() => {
    if (signedIn) void navigate(DASHBOARD_HOME, { replace: true });
  }, [signedIn, navigate]);

  useEffect(() => {
    if (!session.isError) return;
    console.error("Session check failed", session.error);
    const { title, description } = describeSessionError(session.error);
    toast.error(title, { id: "session-error", description });
  }, [session.isError, session.error]);

  async function handleSignedIn() {
    // The new user's data must be fetched fresh (role, flags, licences...).
    clearUserQueries(queryClient);
    // Mark the session stale without refetching here: this page is about to go away.
    await queryClient.invalidateQueries({ queryKey: sessionKeys.session, refetchType: "none" });
    invalidatePublicSession();
    toast.success(authText("signIn.signedInToast"), { id: "signed-in" });
    await navigate(DASHBOARD_HOME, { replace: true });
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) void navigate("/");
      }}
    >
      <DialogContent
        className="brand-blue gap-6 p-6 sm:max-w-[26rem] sm:p-8"
        overlayClassName="bg-black/30 backdrop-blur-[2px] dark:bg-black/60"
        // Focus the dialog itself (announced by its title), not the first button in it.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        {/* The dialog is modal (the page behind it is inert): the language is chosen here. */}
        <LanguageSwitch className="absolute top-3 left-3" />
        <DialogHeader className="items-center gap-3 text-center sm:text-center">
          <LogoMark className="size-10" />
          <div className="grid gap-1.5">
            {/* The spec's 'Welcome Back' is the sign-in's; signing up is not coming back. */}
            <DialogTitle className="text-2xl font-semibold tracking-tight">
              {view === "sign_up" ? t("dialog.signUpTitle") : t("dialog.title")}
            </DialogTitle>
            <DialogDescription>{t(`views.${view}`)}</DialogDescription>
          </div>
        </DialogHeader>
        {checked && !signedIn ? (
          <AuthPanel onSignedIn={handleSignedIn} />
        ) : (
          <div className="flex min-h-40 items-center justify-center">
            <Spinner label={t("page.checking")} className="[&_svg]:text-brand" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
