import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { useAuthCopy } from "~/features/auth/copy";
import { AuthFormBody, useAuthForm } from "~/features/auth/form-kit";
import { FormMessage } from "~/components/form-message";
import { MIN_PASSWORD_LENGTH, updatePasswordSchema } from "~/features/auth/schemas";
import { ViewLinks } from "~/features/auth/view-links";
import { authClient } from "~/lib/auth-client";

export function UpdatePasswordForm({
  token,
  onPasswordUpdated,
}: {
  /** The reset token from the e-mailed link; null when the link was invalid. */
  token: string | null;
  onPasswordUpdated: () => void;
}) {
  const { t } = useAuthCopy();
  const { form, error, onSubmit, errors, isSubmitting } = useAuthForm(updatePasswordSchema, { password: "" }, async ({ password }) => {
    if (!token) return;
    const { error: authError } = await authClient.resetPassword({ newPassword: password, token });
    if (authError) return { error: authError };
    onPasswordUpdated();
  });

  if (!token) {
    return (
      <div className="grid gap-5">
        <FormMessage tone="error">{t("updatePassword.invalidLink")}</FormMessage>
        <ViewLinks views={["forgotten_password", "sign_in"]} />
      </div>
    );
  }

  return (
    <div className="grid gap-5">
      <AuthFormBody onSubmit={onSubmit} error={error}>
        <FormField
          label={t("fields.updatedPassword")}
          type="password"
          autoComplete="new-password"
          placeholder={t("fields.updatedPasswordPlaceholder")}
          hint={t("fields.passwordHint", { count: MIN_PASSWORD_LENGTH })}
          error={errors.password?.message}
          {...form.register("password")}
        />
        <SubmitButton loading={isSubmitting} loadingLabel={t("updatePassword.submitting")} className="w-full">
          {t("updatePassword.submit")}
        </SubmitButton>
      </AuthFormBody>
      <ViewLinks views={["sign_in"]} />
    </div>
  );
}
