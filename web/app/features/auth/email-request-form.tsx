import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";

import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { providerErrorMessage } from "~/features/auth/auth-errors";
import { FormMessage } from "~/features/auth/form-message";
import { emailOnlySchema } from "~/features/auth/schemas";
import type { AuthFormProps } from "~/features/auth/types";
import { ViewLinks } from "~/features/auth/view-links";

type ProviderResult = { error: { message?: string; status?: number; statusText?: string } | null };

type EmailRequestFormProps = Pick<AuthFormProps, "defaultEmail" | "rememberEmail"> & {
  submitLabel: string;
  loadingLabel: string;
  successMessage: string;
  request: (email: string) => Promise<ProviderResult>;
};

/** One e-mail field that asks the server to send something (a reset link, a magic link). */
export function EmailRequestForm({
  defaultEmail,
  rememberEmail,
  submitLabel,
  loadingLabel,
  successMessage,
  request,
}: EmailRequestFormProps) {
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const form = useForm({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: defaultEmail },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setError(null);
    setSent(false);
    const { error: authError } = await request(email);
    if (authError) {
      setError(providerErrorMessage(authError));
      return;
    }
    setSent(true);
  });

  return (
    <div className="grid gap-5">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        {sent ? <FormMessage tone="success">{successMessage}</FormMessage> : null}
        <FormField
          label="Email address"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...form.register("email", {
            // Carried over to the next view, even if typed while the view switch is in flight.
            onChange: (event) => rememberEmail(event.target.value),
          })}
        />
        <SubmitButton loading={isSubmitting} loadingLabel={loadingLabel} className="w-full">
          {submitLabel}
        </SubmitButton>
      </form>
      <ViewLinks views={["sign_in"]} />
    </div>
  );
}
