import { useState } from "react";

import { VERIFY_EMAIL_CALLBACK } from "../../../../contracts/app-routes";

import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { AuthFormBody, EmailField, useAuthForm } from "~/features/auth/form-kit";
import { MIN_PASSWORD_LENGTH, signUpSchema } from "~/features/auth/schemas";
import type { AuthFormProps } from "~/features/auth/types";
import { ViewLinks } from "~/features/auth/view-links";
import { authClient } from "~/lib/auth-client";

export function SignUpForm({
  defaultEmail,
  rememberEmail,
  onSignedIn,
  name = "",
}: AuthFormProps & { name?: string }) {
  const [confirmationSent, setConfirmationSent] = useState(false);
  const { form, error, onSubmit, errors, isSubmitting } = useAuthForm(signUpSchema, { email: defaultEmail, password: "" }, async ({ email, password }, { form }) => {
    setConfirmationSent(false);
    const { data, error: authError } = await authClient.signUp.email({ email, password, name, callbackURL: VERIFY_EMAIL_CALLBACK });
    if (authError) return { error: authError };
    // A user without a session means e-mail confirmation is required first.
    if (!data?.token) {
      setConfirmationSent(true);
      form.reset({ email, password: "" });
      return;
    }
    await onSignedIn();
  });

  return (
    <div className="grid gap-5">
      <AuthFormBody onSubmit={onSubmit} error={error} notice={confirmationSent ? "Check your email for the confirmation link" : null}>
        <EmailField form={form} rememberEmail={rememberEmail} />
        <FormField
          label="Create a password"
          type="password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          hint={`Use at least ${MIN_PASSWORD_LENGTH} characters.`}
          error={errors.password?.message}
          {...form.register("password")}
        />
        <SubmitButton loading={isSubmitting} loadingLabel="Signing up ..." className="w-full">
          Sign up
        </SubmitButton>
      </AuthFormBody>
      <ViewLinks views={["sign_in"]} />
    </div>
  );
}
