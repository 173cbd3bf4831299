import { useAuthCopy } from "~/features/auth/copy";
import { EmailRequestForm } from "~/features/auth/email-request-form";
import type { AuthFormProps } from "~/features/auth/types";
import { authClient } from "~/lib/auth-client";

export function MagicLinkForm(props: Pick<AuthFormProps, "defaultEmail" | "rememberEmail">) {
  const { t } = useAuthCopy();
  return (
    <EmailRequestForm
      {...props}
      submitLabel={t("magicLink.submit")}
      loadingLabel={t("magicLink.submitting")}
      successMessage={t("magicLink.sent")}
      request={(email) =>
        authClient.signIn.magicLink({
          email,
          callbackURL: "/dashboard",
          errorCallbackURL: "/auth?view=magic_link",
        })
      }
    />
  );
}
