import { EmailRequestForm } from "~/features/auth/email-request-form";
import type { AuthFormProps } from "~/features/auth/types";
import { authClient } from "~/lib/auth-client";

export function MagicLinkForm(props: Pick<AuthFormProps, "defaultEmail" | "rememberEmail">) {
  return (
    <EmailRequestForm
      {...props}
      submitLabel="Send magic link"
      loadingLabel="Sending magic link ..."
      successMessage="Check your email for the magic link"
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
