// The reason every licence action and a hand-issued licence ask for (it goes to the audit log,
// never to the customer): the field, its hint, and the form's or the server's objection to it.
import type { UseFormRegisterReturn } from "react-hook-form";

import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";

import { fieldText, useAdminCustomerCopy } from "./copy";

export function ReasonField({
  id,
  placeholder,
  error,
  registration,
}: {
  id: string;
  placeholder: string;
  /** The check's message (English from the contracts, or the server's): shown in the reader's language. */
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useAdminCustomerCopy();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t("form.reason")}</Label>
      <Textarea
        id={id}
        rows={3}
        maxLength={500}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        {...registration}
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        {t("form.reasonHint")}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {fieldText(error)}
        </p>
      ) : null}
    </div>
  );
}
