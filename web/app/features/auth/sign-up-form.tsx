import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";

import { VERIFY_EMAIL_CALLBACK } from "../../../../contracts/app-routes";

import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { providerErrorMessage } from "~/features/auth/auth-errors";
import { FormMessage } from "~/features/auth/form-message";
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
  const [error, setError] = useState<string | null>(null);
  const [confirmationSent, setConfirmationSent] = useState(false);
  const form = useForm({
    resolver: zodResolver(signUpSchema),
    defaultValues: { email: defaultEmail, password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    setConfirmationSent(false);
    const { data, error: authError } = await authClient.signUp.email({
      email,
      password,
      name,
      callbackURL: VERIFY_EMAIL_CALLBACK,
    });
    if (authError) {
      setError(providerErrorMessage(authError));
      return;
    }
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
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        {confirmationSent ? (
          <FormMessage tone="success">Check your email for the confirmation link</FormMessage>
        ) : null}
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
      </form>
      <ViewLinks views={["sign_in"]} />
    </div>
  );
}
