import { useState } from "react";

import { SubmitButton } from "~/components/submit-button";
import { AuthFormBody, EmailField, useAuthForm, type ProviderResult } from "~/features/auth/form-kit";
import { emailOnlySchema } from "~/features/auth/schemas";
import type { AuthFormProps } from "~/features/auth/types";
import { ViewLinks } from "~/features/auth/view-links";

type EmailRequestFormProps = Pick<AuthFormProps, "defaultEmail" | "rememberEmail"> & {
  submitLabel: string;
  loadingLabel: string;
  successMessage: string;
  request: (email: string) => Promise<ProviderResult>;
};

/** One e-mail field that asks the server to send something (a reset link, a magic link, a confirmation); the texts come translated. */
export function EmailRequestForm({ defaultEmail, rememberEmail, submitLabel, loadingLabel, successMessage, request }: EmailRequestFormProps) {
  const [sent, setSent] = useState(false);
  const { form, error, onSubmit, isSubmitting } = useAuthForm(emailOnlySchema, { email: defaultEmail }, async ({ email }) => {
    setSent(false);
    const result = await request(email);
    if (!result.error) setSent(true);
    return result;
  });

  return (
    <div className="grid gap-5">
      <AuthFormBody onSubmit={onSubmit} error={error} notice={sent ? successMessage : null}>
        <EmailField form={form} rememberEmail={rememberEmail} />
        <SubmitButton loading={isSubmitting} loadingLabel={loadingLabel} className="w-full">
          {submitLabel}
        </SubmitButton>
      </AuthFormBody>
      <ViewLinks views={["sign_in"]} />
    </div>
  );
}
