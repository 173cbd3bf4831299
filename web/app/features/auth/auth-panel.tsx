import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";

import { VERIFY_EMAIL_CALLBACK } from "../../../../contracts/app-routes";
import { linkErrorMessage } from "~/features/auth/auth-errors";
import { parseAuthView, type AuthView } from "~/features/auth/auth-views";
import { useAuthCopy } from "~/features/auth/copy";
import { EmailRequestForm } from "~/features/auth/email-request-form";
import { ForgottenPasswordForm } from "~/features/auth/forgotten-password-form";
import { FormMessage } from "~/components/form-message";
import { GoogleOrEmail } from "~/features/auth/google-button";
import { MagicLinkForm } from "~/features/auth/magic-link-form";
import { SignInForm } from "~/features/auth/sign-in-form";
import { SignUpForm } from "~/features/auth/sign-up-form";
import { UpdatePasswordForm } from "~/features/auth/update-password-form";
import { VerifyOtpForm } from "~/features/auth/verify-otp-form";
import { AUTH_PATH } from "~/features/auth/view-links";
import { useAppConfig } from "~/features/session/queries";
import { authClient } from "~/lib/auth-client";

const SOCIAL_VIEWS: AuthView[] = ["sign_in", "sign_up"];

/** The auth view machine. The current view lives in the URL (?view=...). */
export function AuthPanel({ onSignedIn }: { onSignedIn: () => Promise<void> | void }) {
  const { t } = useAuthCopy();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const view = parseAuthView(searchParams.get("view"));
  const token = searchParams.get("token");
  const linkError = searchParams.get("error");
  const verified = searchParams.get("verified") === "1";

  const [email, setEmail] = useState("");
  const [socialError, setSocialError] = useState<string | null>(null);
  // A success note that belongs to one view (e.g. "password updated" shown on sign_in): its key.
  const [notice, setNotice] = useState<{ view: AuthView; key: string } | null>(null);

  const config = useAppConfig();
  const showGoogle = config.data?.googleEnabled === true && SOCIAL_VIEWS.includes(view);

  const formProps = { defaultEmail: email, rememberEmail: setEmail, onSignedIn };

  // A confirmation link that has expired (or is not valid): say so and offer a new one at once.
  if (verified && linkError) {
    return (
      <div className="grid gap-5">
        <FormMessage tone="error">{t("confirmation.expired")}</FormMessage>
        <EmailRequestForm
          defaultEmail={email}
          rememberEmail={setEmail}
          submitLabel={t("confirmation.submit")}
          loadingLabel={t("confirmation.submitting")}
          successMessage={t("confirmation.sent")}
          request={(address) => authClient.sendVerificationEmail({ email: address, callbackURL: VERIFY_EMAIL_CALLBACK })}
        />
      </div>
    );
  }

  return (
    <div className="grid gap-5">
      {verified && !linkError ? (
        <FormMessage tone="success">{t("confirmation.confirmed")}</FormMessage>
      ) : null}
      {linkError && view !== "update_password" ? (
        <FormMessage tone="error">{linkErrorMessage(linkError)}</FormMessage>
      ) : null}
      {notice?.view === view ? <FormMessage tone="success">{t(notice.key)}</FormMessage> : null}
      {socialError ? <FormMessage tone="error">{socialError}</FormMessage> : null}

      {showGoogle ? <GoogleOrEmail onError={setSocialError} /> : null}

      {view === "sign_in" ? <SignInForm key="sign_in" {...formProps} /> : null}
      {view === "sign_up" ? <SignUpForm key="sign_up" {...formProps} /> : null}
      {view === "forgotten_password" ? (
        <ForgottenPasswordForm key="forgotten_password" {...formProps} />
      ) : null}
      {view === "magic_link" ? <MagicLinkForm key="magic_link" {...formProps} /> : null}
      {view === "verify_otp" ? <VerifyOtpForm key="verify_otp" {...formProps} /> : null}
      {view === "update_password" ? (
        <UpdatePasswordForm
          key="update_password"
          token={linkError ? null : token}
          onPasswordUpdated={() => {
            setNotice({ view: "sign_in", key: "updatePassword.updated" });
            // Back to sign_in; drops the used token from the address bar.
            void navigate(AUTH_PATH, { replace: true });
          }}
        />
      ) : null}
    </div>
  );
}
