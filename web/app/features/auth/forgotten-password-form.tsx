import { EmailRequestForm } from "~/features/auth/email-request-form";
import type { AuthFormProps } from "~/features/auth/types";
import { authClient } from "~/lib/auth-client";

/** The reset link lands on /auth?view=update_password&token=... */
export const RESET_PASSWORD_REDIRECT = "/auth?view=update_password";

export function ForgottenPasswordForm(props: Pick<AuthFormProps, "defaultEmail" | "rememberEmail">) {
  return (
    <EmailRequestForm
      {...props}
      submitLabel="Send reset password instructions"
      loadingLabel="Sending reset instructions ..."
      successMessage="Check your email for the password reset link"
      request={(email) =>
        authClient.requestPasswordReset({ email, redirectTo: RESET_PASSWORD_REDIRECT })
      }
    />
  );
}
