import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";

import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { providerErrorMessage } from "~/features/auth/auth-errors";
import { FormMessage } from "~/features/auth/form-message";
import { signInSchema } from "~/features/auth/schemas";
import type { AuthFormProps } from "~/features/auth/types";
import { SIGN_IN_ALTERNATIVES, ViewLinks } from "~/features/auth/view-links";
import { authClient } from "~/lib/auth-client";

export function SignInForm({ defaultEmail, rememberEmail, onSignedIn }: AuthFormProps) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: defaultEmail, password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    const { error: authError } = await authClient.signIn.email({ email, password });
    if (authError) {
      setError(providerErrorMessage(authError));
      return;
    }
    await onSignedIn();
  });

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
