import { useAuthCopy } from "~/features/auth/copy";
import { EmailRequestForm } from "~/features/auth/email-request-form";
import type { AuthFormProps } from "~/features/auth/types";
import { authClient } from "~/lib/auth-client";

/** The reset link lands on /auth?view=update_password&token=... */
export const RESET_PASSWORD_REDIRECT = "/auth?view=update_password";

export function ForgottenPasswordForm(props: Pick<AuthFormProps, "defaultEmail" | "rememberEmail">) {
  const { t } = useAuthCopy();
  return (
    <EmailRequestForm
      {...props}
      submitLabel={t("forgotten.submit")}
      loadingLabel={t("forgotten.submitting")}
      successMessage={t("forgotten.sent")}
      request={(email) =>
        authClient.requestPasswordReset({ email, redirectTo: RESET_PASSWORD_REDIRECT })
      }
    />
  );
}
