import { useMemo, useState } from "react";
import { QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import { toast } from "~/lib/toast";

import type { ShownPlan } from "~/features/landing/landing-plans";
import { LogoMark } from "~/components/logo";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { type AuthView } from "~/features/auth/auth-views";
import { ForgottenPasswordForm } from "~/features/auth/forgotten-password-form";
import { FormMessage } from "~/components/form-message";
import { GoogleOrEmail } from "~/features/auth/google-button";
import { SignInForm } from "~/features/auth/sign-in-form";
import { SignUpForm } from "~/features/auth/sign-up-form";
import { AuthViewSwitchContext } from "~/features/auth/view-links";
import { planName } from "~/features/landing/plan-text";
import { clearUserQueries, sessionKeys, useAppConfig } from "~/features/session/queries";
import { useTranslation } from "~/lib/i18n";
import { getQueryClient } from "~/lib/query-client";
import { refreshPublicSession } from "~/lib/session";
import { useToaster } from "~/lib/toaster";

/** The landing offers e-mail + password (with sign-up and password reset) and Google: no magic link. */
const LANDING_VIEWS = ["sign_in", "sign_up", "forgotten_password"] as const satisfies readonly AuthView[];
type LandingView = (typeof LANDING_VIEWS)[number];

function isLandingView(view: AuthView): view is LandingView {
  return (LANDING_VIEWS as readonly AuthView[]).includes(view);
}

type LandingSignInDialogProps = {
  open: boolean;
  plan: ShownPlan | null;
  onOpenChange: (open: boolean) => void;
  onSignedIn: () => void;
};

/**
 * The sign-in dialog opened by a plan button while signed out. Stays on the landing page. Loaded
 * on demand, with the query client the auth forms use (the public pages' first load has none).
 */
export function LandingSignInDialog(props: LandingSignInDialogProps) {
  useToaster();
  return (
    <QueryClientProvider client={getQueryClient()}>
      <SignInDialog {...props} />
    </QueryClientProvider>
  );
}

function SignInDialog({ open, plan, onOpenChange, onSignedIn }: LandingSignInDialogProps) {
  const { t, i18n } = useTranslation("landing");
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const [view, setView] = useState<LandingView>("sign_in");
  const [email, setEmail] = useState("");
  const [socialError, setSocialError] = useState<string | null>(null);

  const switcher = useMemo(
    () => ({
      views: LANDING_VIEWS,
      onSwitch: (next: AuthView) => {
        if (isLandingView(next)) setView(next);
      },
    }),
    [],
  );

  async function handleSignedIn() {
    // The new user's data must be fetched fresh; the bar switches to 'Dashboard'.
    clearUserQueries(queryClient);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: sessionKeys.session }),
      refreshPublicSession().catch(() => undefined),
    ]);
    toast.success(t("signIn.signedInToast"), { id: "signed-in" });
    onSignedIn();
  }

  const showGoogle = config.data?.googleEnabled === true && view !== "forgotten_password";
  const formProps = { defaultEmail: email, rememberEmail: setEmail, onSignedIn: handleSignedIn };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) {
          setView("sign_in");
          setSocialError(null);
        }
      }}
    >
      <DialogContent
        className="brand-green gap-6 p-6 sm:max-w-[26rem] sm:p-8"
        overlayClassName="bg-black/40 backdrop-blur-[2px] dark:bg-black/60"
      >
        <DialogHeader className="items-center gap-3 text-center sm:text-center">
          <LogoMark className="size-10" />
          <div className="grid gap-1.5">
            {/* Signing up is not a welcome back (#29 item 8): the view's own title, as the /auth dialog has it. */}
            <DialogTitle className="text-2xl font-semibold tracking-tight">{view === "sign_up" ? t("signIn.signUpTitle") : t("signIn.title")}</DialogTitle>
            <DialogDescription>
              {plan
                ? t("signIn.descriptionPlan", { title: planName(plan, i18n.language) })
                : t("signIn.description")}
            </DialogDescription>
          </div>
        </DialogHeader>
        <AuthViewSwitchContext.Provider value={switcher}>
          <div className="grid gap-5">
            {socialError ? <FormMessage tone="error">{socialError}</FormMessage> : null}
            {showGoogle ? <GoogleOrEmail onError={setSocialError} callbackURL="/" /> : null}
            {view === "sign_in" ? <SignInForm key="sign_in" {...formProps} /> : null}
            {view === "sign_up" ? <SignUpForm key="sign_up" {...formProps} /> : null}
            {view === "forgotten_password" ? (
              <ForgottenPasswordForm key="forgotten_password" {...formProps} />
            ) : null}
          </div>
        </AuthViewSwitchContext.Provider>
      </DialogContent>
    </Dialog>
  );
}
