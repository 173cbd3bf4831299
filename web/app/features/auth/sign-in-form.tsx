import { useState } from "react";

import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { authText, useAuthCopy } from "~/features/auth/copy";
import { AuthFormBody, EmailField, useAuthForm } from "~/features/auth/form-kit";
import { FormMessage } from "~/components/form-message";
import { SecondFactorForm } from "~/features/auth/second-factor-form";
import { signInSchema } from "~/features/auth/schemas";
import type { AuthFormProps } from "~/features/auth/types";
import { SIGN_IN_ALTERNATIVES, ViewLinks } from "~/features/auth/view-links";
import { usePasskeyCopy } from "~/features/passkeys/copy";
import { OrDivider, PasskeySignIn } from "~/features/passkeys/passkey-sign-in";
import { authClient } from "~/lib/auth-client";

/** What the second step asks for: the authenticator app's code, a passkey, or either. */
type SecondStep = { app: boolean } | null;

export function SignInForm({ defaultEmail, rememberEmail, onSignedIn }: AuthFormProps) {
  const { t } = usePasskeyCopy();
  const { t: ta } = useAuthCopy();
  // With a second factor the password is the first step; the second comes here (decisions 018, 038).
  const [secondStep, setSecondStep] = useState<SecondStep>(null);
  const { form, error, onSubmit, errors, isSubmitting } = useAuthForm(signInSchema, { email: defaultEmail, password: "" }, async ({ email, password }, { setError }) => {
    const { data, error: authError } = await authClient.signIn.email({ email, password });
    if (authError) {
      // Not confirmed yet: better-auth has just e-mailed a new link (within the hourly limit).
      if (authError.code === "EMAIL_NOT_VERIFIED") return setError(authText("signIn.notConfirmed"));
      return { error: authError };
    }
    // An authenticator app: better-auth waits for its code (or a passkey) before making a session.
    if (data && "twoFactorRedirect" in data && data.twoFactorRedirect) return setSecondStep({ app: true });
    // Passkeys only: the password's session counts for nothing until one of them is used.
    if (data && "user" in data && (data.user as { passkeyEnabled?: unknown }).passkeyEnabled === true) return setSecondStep({ app: false });
    await onSignedIn();
  });

  if (secondStep) {
    return (
      <div className="grid gap-4">
        <FormMessage tone="success">{secondStep.app ? ta("signIn.secondStep") : t("signIn.passkeyStep")}</FormMessage>
        {secondStep.app ? <SecondFactorForm onVerified={onSignedIn} /> : null}
        {secondStep.app ? <OrDivider /> : null}
        <PasskeySignIn onSignedIn={onSignedIn} />
      </div>
    );
  }

  return (
    <div className="grid gap-5">
      <AuthFormBody onSubmit={onSubmit} error={error}>
        <EmailField form={form} rememberEmail={rememberEmail} />
        <FormField
          label={ta("fields.password")}
          type="password"
          autoComplete="current-password"
          placeholder={ta("fields.passwordPlaceholder")}
          error={errors.password?.message}
          {...form.register("password")}
        />
        <SubmitButton loading={isSubmitting} loadingLabel={ta("signIn.submitting")} className="w-full">
          {ta("signIn.submit")}
        </SubmitButton>
      </AuthFormBody>
      <PasskeySignIn onSignedIn={onSignedIn} label="withPasskey" />
      <ViewLinks views={SIGN_IN_ALTERNATIVES} />
    </div>
  );
}
