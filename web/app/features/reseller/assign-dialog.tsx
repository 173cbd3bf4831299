// Assigning a license to an end customer's e-mail (decision 080): a real dialog with a labelled
// e-mail field. The address is checked here first (empty, not an address); the server's refusals
// are said in the reader's language: at the field for the address (ASSIGN_TO_SELF, a malformed
// one), above the buttons for the license (ALREADY_ASSIGNED, LICENCE_NOT_ASSIGNABLE, …).
import { useId, useState, type FormEvent } from "react";
import { CircleAlertIcon } from "lucide-react";

import { KeyText } from "~/components/key-text";
import { DialogSubmitFooter } from "~/components/dialog-submit-footer";
import { FormField } from "~/components/form-field";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { isApiError } from "~/lib/api";
import { looksLikeEmail } from "~/lib/email-address";
import { errorMessage } from "~/lib/errors";
import { toast } from "~/lib/toast";

import type { ResellerLicense } from "./api";
import { resellerText, useResellerCopy } from "./copy";
import { useAssignLicense } from "./queries";

/** The server's limit (contracts/orders.ts GiftEmailSchema, which the assignment's address uses). */
const MAX_EMAIL = 254;

/** A refusal about the address itself: said at the field. */
function refusesTheAddress(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.code === "ASSIGN_TO_SELF" || (error.code === "VALIDATION_FAILED" && (error.issues ?? []).some((issue) => issue.path === "email"));
}

export function AssignLicenseDialog({ license, onClose }: { license: ResellerLicense | null; onClose: () => void }) {
  const { t } = useResellerCopy();
  return (
    <Dialog open={license !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t("assign.title")}</DialogTitle>
          <DialogDescription>{t("assign.description")}</DialogDescription>
        </DialogHeader>
        {/* Keyed by the license: a new one starts with an empty form. */}
        {license ? <AssignForm key={license.id} license={license} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AssignForm({ license, onDone }: { license: ResellerLicense; onDone: () => void }) {
  const { t } = useResellerCopy();
  const id = useId();
  const assign = useAssignLicense();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (assign.isPending) return;
    const address = email.trim().toLowerCase();
    const problem = !address ? t("assign.emailEmpty") : address.length > MAX_EMAIL || !looksLikeEmail(address) ? t("assign.emailInvalid") : undefined;
    setFieldError(problem);
    setRefusal(null);
    if (problem) {
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    try {
      const { accountCreated } = await assign.mutateAsync({ id: license.id, email: address });
      const said = resellerText("assign.doneDescription", { email: address });
      toast.success(resellerText("assign.done"), {
        id: `license-assigned-${license.id}`,
        description: accountCreated ? `${said} ${resellerText("assign.accountCreated", { email: address })}` : said,
      });
      onDone();
    } catch (error) {
      // The error table's words for its code, in the reader's language (lib/error-text.ts).
      const message = isApiError(error) && error.code === "VALIDATION_FAILED" ? t("assign.emailInvalid") : errorMessage(error);
      if (refusesTheAddress(error)) {
        setFieldError(message);
        document.getElementById(`${id}-email`)?.focus();
      } else setRefusal(message);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
      <div className="grid gap-1 rounded-lg border bg-muted/40 px-4 py-3 text-sm">
        <span className="text-muted-foreground">{t("assign.key")}</span>
        <KeyText value={license.buyKey} className="text-sm font-medium" />
      </div>
      <FormField
        id={`${id}-email`}
        type="email"
        label={t("assign.email")}
        autoComplete="off"
        spellCheck={false}
        maxLength={MAX_EMAIL}
        placeholder="name@example.com"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          if (fieldError) setFieldError(undefined);
        }}
        hint={t("assign.emailHint")}
        error={fieldError}
        data-testid="assign-email"
      />
      {refusal ? (
        <p role="alert" data-testid="assign-refusal" className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/5 px-3.5 py-3 text-sm text-destructive">
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{refusal}</span>
        </p>
      ) : null}
      <DialogSubmitFooter loading={assign.isPending} loadingLabel={t("assign.submitting")}>
        {t("assign.submit")}
      </DialogSubmitFooter>
    </form>
  );
}
