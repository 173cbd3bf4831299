// What every auth form shares: react-hook-form with its zod schema, the provider's error put into
// words (auth-errors.ts), the message area above the fields, and the e-mail field that carries the
// typed address over to the next view. Each form keeps only its own fields and what it calls.
import { useState, type ReactNode } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";

import { FormField } from "~/components/form-field";
import { providerErrorMessage } from "~/features/auth/auth-errors";
import { useAuthCopy } from "~/features/auth/copy";
import { FormMessage } from "~/components/form-message";

/** A form of the kit: its values are what its schema parses. */
export type KitForm<T extends FieldValues> = UseFormReturn<T, unknown, T>;

/** better-auth's answer shape: an error (with its own text), or none. */
export type ProviderResult = { error: { message?: string; status?: number; statusText?: string; code?: string } | null };

/**
 * The form, its error line and its submit handler. `submit` returns the provider's answer (its
 * error is shown in words) or nothing; an error message it decides itself goes through `setError`.
 */
export function useAuthForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.infer<S>>,
  submit: (values: z.infer<S>, helpers: { setError: (message: string | null) => void; form: KitForm<z.infer<S>> }) => Promise<ProviderResult | void>,
) {
  const [error, setError] = useState<string | null>(null);
  // The schema's input and output are the form's values (no transforms in the auth schemas).
  const resolver = zodResolver(schema as never) as unknown as Resolver<z.infer<S>, unknown, z.infer<S>>;
  const form: KitForm<z.infer<S>> = useForm<z.infer<S>, unknown, z.infer<S>>({ resolver, defaultValues });
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    const result = await submit(values, { setError, form });
    if (result?.error) setError(providerErrorMessage(result.error));
  });
  return { form, error, setError, onSubmit, errors: form.formState.errors, isSubmitting: form.formState.isSubmitting };
}

/** `<form noValidate>` with the error (or success) line above its fields. */
export function AuthFormBody({ onSubmit, error, notice, children }: { onSubmit: () => void; error: string | null; notice?: ReactNode; children: ReactNode }) {
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {!error && notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {children}
    </form>
  );
}

/** The e-mail field of every auth form; what is typed is carried over to the next view. */
export function EmailField<T extends { email: string }>({ form, rememberEmail }: { form: KitForm<T>; rememberEmail: (email: string) => void }) {
  const { t } = useAuthCopy();
  const message = (form.formState.errors as { email?: { message?: string } }).email?.message;
  return (
    <FormField
      label={t("fields.email")}
      type="email"
      autoComplete="email"
      placeholder={t("fields.emailPlaceholder")}
      error={message}
      {...form.register("email" as Path<T>, {
        // Carried over to the next view, even if typed while the view switch is in flight.
        onChange: (event: { target: { value: string } }) => rememberEmail(event.target.value),
      })}
    />
  );
}
