import { useState } from "react";

import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import { providerErrorMessage } from "~/features/auth/auth-errors";
import { useAuthCopy } from "~/features/auth/copy";
import { AuthFormBody, EmailField, useAuthForm } from "~/features/auth/form-kit";
import { emailOnlySchema, OTP_LENGTH, otpCodeSchema } from "~/features/auth/schemas";
import type { AuthFormProps } from "~/features/auth/types";
import { ViewLinks } from "~/features/auth/view-links";
import { authClient } from "~/lib/auth-client";

/** Step 1: e-mail → "Send code". Step 2: the 6-digit code → sign in. */
export function VerifyOtpForm({ defaultEmail, rememberEmail, onSignedIn }: AuthFormProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <div className="grid gap-5">
      {sentTo ? (
        <CodeStep
          email={sentTo}
          onSignedIn={onSignedIn}
          onChangeEmail={() => setSentTo(null)}
        />
      ) : (
        <EmailStep
          defaultEmail={defaultEmail}
          rememberEmail={rememberEmail}
          onSent={(email) => {
            rememberEmail(email);
            setSentTo(email);
          }}
        />
      )}
      <ViewLinks views={["sign_in"]} />
    </div>
  );
}

function sendCode(email: string) {
  return authClient.emailOtp.sendVerificationOtp({ email, type: "sign-in" });
}

function EmailStep({
  defaultEmail,
  rememberEmail,
  onSent,
}: Pick<AuthFormProps, "defaultEmail" | "rememberEmail"> & { onSent: (email: string) => void }) {
  const { t } = useAuthCopy();
  const { form, error, onSubmit, isSubmitting } = useAuthForm(emailOnlySchema, { email: defaultEmail }, async ({ email }) => {
    const { error: authError } = await sendCode(email);
    if (authError) return { error: authError };
    onSent(email);
  });

  return (
    <AuthFormBody onSubmit={onSubmit} error={error}>
      <EmailField form={form} rememberEmail={rememberEmail} />
      <SubmitButton loading={isSubmitting} loadingLabel={t("otp.sending")} className="w-full">
        {t("otp.send")}
      </SubmitButton>
    </AuthFormBody>
  );
}

function CodeStep({
  email,
  onSignedIn,
  onChangeEmail,
}: {
  email: string;
  onSignedIn: AuthFormProps["onSignedIn"];
  onChangeEmail: () => void;
}) {
  const { t } = useAuthCopy();
  // Which note shows; its words follow the language.
  const [resent, setResent] = useState(false);
  const notice = t(resent ? "otp.resent" : "otp.sent", { count: OTP_LENGTH, email });
  const [resending, setResending] = useState(false);
  const { form, error, setError, onSubmit, errors, isSubmitting } = useAuthForm(otpCodeSchema, { otp: "" }, async ({ otp }) => {
    const { error: authError } = await authClient.signIn.emailOtp({ email, otp });
    if (authError) return { error: authError };
    await onSignedIn();
  });

  async function resend() {
    setResending(true);
    setError(null);
    const { error: authError } = await sendCode(email);
    setResending(false);
    if (authError) {
      setError(providerErrorMessage(authError));
      return;
    }
    setResent(true);
  }

  return (
    <AuthFormBody onSubmit={onSubmit} error={error} notice={notice}>
      <FormField
        label={t("fields.otp")}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP_LENGTH}
        placeholder="123456"
        className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.5em]"
        error={errors.otp?.message}
        autoFocus
        {...form.register("otp")}
      />
      <SubmitButton loading={isSubmitting} loadingLabel={t("otp.verifying")} className="w-full">
        {t("otp.verify")}
      </SubmitButton>
      <div className="flex items-center justify-between gap-2">
        <Button type="button" variant="link" size="sm" className="px-0 text-brand-text" onClick={onChangeEmail}>
          {t("otp.changeEmail")}
        </Button>
        <Button
          type="button"
          variant="link"
          size="sm"
          className="px-0 text-brand-text"
          onClick={resend}
          disabled={resending || isSubmitting}
        >
          {resending ? t("otp.sending") : t("otp.resend")}
        </Button>
      </div>
    </AuthFormBody>
  );
}
