import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";

import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { providerErrorMessage } from "~/features/auth/auth-errors";
import { FormMessage } from "~/features/auth/form-message";
import { SecondFactorForm } from "~/features/auth/second-factor-form";
import { signInSchema } from "~/features/auth/schemas";
import type { AuthFormProps } from "~/features/auth/types";
import { SIGN_IN_ALTERNATIVES, ViewLinks } from "~/features/auth/view-links";
import { authClient } from "~/lib/auth-client";

export const NOT_CONFIRMED = "Please confirm your e-mail address first: open the confirmation link we e-mailed you (a sign-in attempt sends a new one), then sign in.";

export function SignInForm({ defaultEmail, rememberEmail, onSignedIn }: AuthFormProps) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: defaultEmail, password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  // With an authenticator enrolled, the password is the first step: the code comes next, here.
  const [secondStep, setSecondStep] = useState(false);

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    const { data, error: authError } = await authClient.signIn.email({ email, password });
    if (authError) {
      // Not confirmed yet: better-auth has just e-mailed a new link (within the hourly limit).
      setError(authError.code === "EMAIL_NOT_VERIFIED" ? NOT_CONFIRMED : providerErrorMessage(authError));
      return;
    }
    if (data && "twoFactorRedirect" in data && data.twoFactorRedirect) {
      setSecondStep(true);
      return;
    }
    await onSignedIn();
  });

  if (secondStep) {
    return (
      <div className="grid gap-4">
        <FormMessage tone="success">Password accepted. Now the second step: your account uses two-factor authentication.</FormMessage>
        <SecondFactorForm onVerified={onSignedIn} />
      </div>
    );
  }

  return (
    <div className="grid gap-5">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
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
          label="Password"
          type="password"
          autoComplete="current-password"
          placeholder="Your password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <SubmitButton loading={isSubmitting} loadingLabel="Signing in ..." className="w-full">
          Sign in
        </SubmitButton>
      </form>
      <ViewLinks
        views={SIGN_IN_ALTERNATIVES}
       
      />
    </div>
  );
}
