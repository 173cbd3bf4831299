import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { AuthFormBody, useAuthForm } from "~/features/auth/form-kit";
import { FormMessage } from "~/features/auth/form-message";
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
  const { form, error, onSubmit, errors, isSubmitting } = useAuthForm(updatePasswordSchema, { password: "" }, async ({ password }) => {
    if (!token) return;
    const { error: authError } = await authClient.resetPassword({ newPassword: password, token });
    if (authError) return { error: authError };
    onPasswordUpdated();
  });

  if (!token) {
    return (
      <div className="grid gap-5">
        <FormMessage tone="error">
          This password reset link is invalid or has expired. Please request a new one.
        </FormMessage>
        <ViewLinks views={["forgotten_password", "sign_in"]} />
      </div>
    );
  }

  return (
    <div className="grid gap-5">
      <AuthFormBody onSubmit={onSubmit} error={error}>
        <FormField
          label="New password"
          type="password"
          autoComplete="new-password"
          placeholder="Your new password"
          hint={`Use at least ${MIN_PASSWORD_LENGTH} characters.`}
          error={errors.password?.message}
          {...form.register("password")}
        />
        <SubmitButton loading={isSubmitting} loadingLabel="Updating password ..." className="w-full">
          Update password
        </SubmitButton>
      </AuthFormBody>
      <ViewLinks views={["sign_in"]} />
    </div>
  );
}
