import { useState } from "react";

import { VERIFY_EMAIL_CALLBACK } from "../../../../contracts/app-routes";

import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { useAuthCopy } from "~/features/auth/copy";
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
  const { t } = useAuthCopy();
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
      <AuthFormBody onSubmit={onSubmit} error={error} notice={confirmationSent ? t("signUp.sent") : null}>
        <EmailField form={form} rememberEmail={rememberEmail} />
        <FormField
          label={t("fields.newPassword")}
          type="password"
          autoComplete="new-password"
          placeholder={t("fields.newPasswordPlaceholder", { count: MIN_PASSWORD_LENGTH })}
          hint={t("fields.passwordHint", { count: MIN_PASSWORD_LENGTH })}
          error={errors.password?.message}
          {...form.register("password")}
        />
        <SubmitButton loading={isSubmitting} loadingLabel={t("signUp.submitting")} className="w-full">
          {t("signUp.submit")}
        </SubmitButton>
      </AuthFormBody>
      <ViewLinks views={["sign_in"]} />
    </div>
  );
}
