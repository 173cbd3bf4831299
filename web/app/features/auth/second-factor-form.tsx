import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";

import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import { providerErrorMessage } from "~/features/auth/auth-errors";
import { useAuthCopy } from "~/features/auth/copy";
import { FormMessage } from "~/components/form-message";
import { OTP_LENGTH, secondFactorCodeSchema } from "~/features/auth/schemas";
import { authClient } from "~/lib/auth-client";

/**
 * The second factor: a code from the authenticator app, or one of the backup codes. The same form
 * finishes a password sign-in (no session yet) and unlocks a session that has not passed it (a
 * magic link or an e-mailed code); the server decides which (decision 018).
 */
export function SecondFactorForm({ onVerified, className }: { onVerified: () => Promise<void> | void; className?: string }) {
  const { t } = useAuthCopy();
  const [backup, setBackup] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(secondFactorCodeSchema), defaultValues: { code: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setError(null);
    const { error: authError } = backup
      ? await authClient.twoFactor.verifyBackupCode({ code })
      : await authClient.twoFactor.verifyTotp({ code: code.replace(/\s/g, "") });
    if (authError) {
      setError(providerErrorMessage(authError));
      form.setFocus("code");
      return;
    }
    await onVerified();
  });

  const switchMode = () => {
    setBackup((b) => !b);
    setError(null);
    form.reset({ code: "" });
    form.setFocus("code");
  };

  return (
    <form onSubmit={onSubmit} noValidate className={className ?? "grid gap-4"}>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <FormField
        label={backup ? t("secondFactor.backupLabel") : t("secondFactor.appLabel")}
        inputMode={backup ? "text" : "numeric"}
        autoComplete="one-time-code"
        maxLength={backup ? 32 : OTP_LENGTH}
        placeholder={backup ? "A1B2C3D4E5" : "123456"}
        hint={backup ? t("secondFactor.backupHint") : t("secondFactor.appHint")}
        className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.3em]"
        error={errors.code?.message}
        autoFocus
        {...form.register("code")}
      />
      <SubmitButton loading={isSubmitting} loadingLabel={t("secondFactor.verifying")} className="w-full">
        {t("secondFactor.verify")}
      </SubmitButton>
      <Button type="button" variant="link" size="sm" className="justify-self-start px-0 text-brand-text" onClick={switchMode}>
        {backup ? t("secondFactor.useApp") : t("secondFactor.useBackup")}
      </Button>
    </form>
  );
}
