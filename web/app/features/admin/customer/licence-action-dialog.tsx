// One real dialog per licence action, each with its required reason (for the audit log, never
// sent to the customer) and, where needed, the days to add or the changes left. Success and
// error toasts; the row updates from the answer.
import { useId } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type UseFormRegisterReturn } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";

import { MAX_CHANGES_LEFT, MAX_EXTEND_DAYS, ReasonSchema } from "../../../../../contracts/customers";
import { DialogSubmitFooter } from "~/components/dialog-submit-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { formatDate } from "~/lib/dates";
import { isApiError } from "~/lib/api";

import { errorMessage } from "~/lib/errors";
import { type AdminLicence, type LicenceActionBody, type LicenceActionName } from "./api";
import { useLicenceAction } from "./queries";

interface ActionCopy {
  title: string;
  describe: (licence: AdminLicence) => string;
  confirm: string;
  pending: string;
  done: string;
  failed: string;
  destructive?: boolean;
}

export const ACTION_COPY: Record<LicenceActionName, ActionCopy> = {
  extend: {
    title: "Extend licence",
    describe: (l) =>
      l.expireDate
        ? `The days are added to its expiry (${formatDate(l.expireDate)}), or to today if that has passed. The owner is e-mailed.`
        : `It has not been activated yet: its term (${l.termDays} days from first activation) grows instead. The owner is e-mailed.`,
    confirm: "Extend",
    pending: "Extending ...",
    done: "Licence extended",
    failed: "Could not extend the licence",
  },
  suspend: {
    title: "Suspend licence",
    describe: () => "The desktop tool is refused (SUSPENDED) at its next check, on every device, until you resume it. The term keeps running. The owner is e-mailed.",
    confirm: "Suspend",
    pending: "Suspending ...",
    done: "Licence suspended",
    failed: "Could not suspend the licence",
    destructive: true,
  },
  resume: {
    title: "Resume licence",
    describe: () => "The desktop tool accepts the licence again at its next check. The owner is e-mailed.",
    confirm: "Resume",
    pending: "Resuming ...",
    done: "Licence resumed",
    failed: "Could not resume the licence",
  },
  revoke: {
    title: "Revoke licence",
    describe: () => "Final: the desktop tool is refused (REVOKED) and no action can change this licence again; a renewal does not bring it back. The owner is e-mailed.",
    confirm: "Revoke",
    pending: "Revoking ...",
    done: "Licence revoked",
    failed: "Could not revoke the licence",
    destructive: true,
  },
  "reset-changes": {
    title: "Reset changes left",
    describe: (l) => `It has ${l.changesLeft} left${l.planKeyChanges === null ? "" : `; its plan gives ${l.planKeyChanges}`}. Each change moves the licence to another device key.`,
    confirm: "Set changes left",
    pending: "Saving ...",
    done: "Changes left reset",
    failed: "Could not reset the changes left",
  },
  "release-device": {
    title: "Release device",
    describe: (l) =>
      `Unbinds ${l.deviceKey ?? "its device key"}: that computer is refused at its next check, and the owner activates the licence on another one without spending a change. The expiry stays. The owner is e-mailed.`,
    confirm: "Release device",
    pending: "Releasing ...",
    done: "Device released",
    failed: "Could not release the device",
  },
  "resend-key": {
    title: "Resend key e-mail",
    describe: (l) => `The e-mail with the buy key goes to ${l.email} again (only ever to the owner).`,
    confirm: "Send e-mail",
    pending: "Sending ...",
    done: "Key e-mail sent",
    failed: "Could not send the key e-mail",
  },
};

const DaysSchema = z
  .number({ error: "Enter a number of days" })
  .int("Whole days only")
  .min(1, "1 day at least")
  .max(MAX_EXTEND_DAYS, `${MAX_EXTEND_DAYS} days at most`);
const ChangesSchema = z
  .number({ error: "Enter a number" })
  .int("A whole number")
  .min(0, "0 at least")
  .max(MAX_CHANGES_LEFT, `${MAX_CHANGES_LEFT} at most`);

const FormSchema = z.object({ reason: ReasonSchema, days: z.number().optional(), changesLeft: z.number().optional() });
type FormValues = z.input<typeof FormSchema>;

function schemaFor(action: LicenceActionName) {
  if (action === "extend") return FormSchema.extend({ days: DaysSchema });
  if (action === "reset-changes") return FormSchema.extend({ changesLeft: ChangesSchema });
  return FormSchema;
}

export function LicenceActionDialog({
  email,
  licence,
  action,
  onOpenChange,
  onCloseAutoFocus,
}: {
  /** The customer whose page this is (the query to refresh). */
  email: string;
  licence: AdminLicence;
  /** The open action, or null when closed. */
  action: LicenceActionName | null;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const copy = action ? ACTION_COPY[action] : null;
  return (
    <Dialog open={action !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        {action && copy ? (
          <>
            <DialogHeader>
              <DialogTitle>{copy.title}</DialogTitle>
              <DialogDescription>{copy.describe(licence)}</DialogDescription>
            </DialogHeader>
            <ActionForm key={`${licence.id}-${action}`} email={email} licence={licence} action={action} copy={copy} onDone={() => onOpenChange(false)} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ActionForm({ email, licence, action, copy, onDone }: { email: string; licence: AdminLicence; action: LicenceActionName; copy: ActionCopy; onDone: () => void }) {
  const run = useLicenceAction(email);
  const form = useForm<FormValues>({
    resolver: zodResolver(schemaFor(action)),
    defaultValues: { reason: "", days: 30, changesLeft: licence.planKeyChanges ?? licence.changesLeft },
  });
  const { errors, isSubmitting } = form.formState;
  const ids = { key: useId(), days: useId(), changes: useId(), reason: useId() };

  const onSubmit = form.handleSubmit(async (values) => {
    const reason = values.reason.trim();
    const body: LicenceActionBody =
      action === "extend"
        ? { action, days: values.days!, reason }
        : action === "reset-changes"
          ? { action, changesLeft: values.changesLeft!, reason }
          : { action, reason };
    try {
      const result = await run.mutateAsync({ licenceId: licence.id, body });
      toast.success(copy.done, { description: result.message });
      onDone();
    } catch (error) {
      toast.error(copy.failed, { description: errorMessage(error) });
      if (isApiError(error) && error.issues?.[0]?.path === "reason") form.setError("reason", { message: errorMessage(error) }, { shouldFocus: true });
      // The licence changed meanwhile (revoked, already suspended…): the page has been refreshed.
      else if (isApiError(error) && (error.status === 404 || error.status === 409)) onDone();
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Buy key</dt>
        <dd id={ids.key} className="font-mono text-xs break-all">
          {licence.buyKey}
        </dd>
        {licence.planTitle ? (
          <>
            <dt className="text-muted-foreground">Plan</dt>
            <dd>{licence.planTitle}</dd>
          </>
        ) : null}
      </dl>

      {action === "extend" ? (
        <NumberField id={ids.days} label="Days to add" min={1} max={MAX_EXTEND_DAYS} error={errors.days?.message} registration={form.register("days", { valueAsNumber: true })} />
      ) : null}
      {action === "reset-changes" ? (
        <NumberField id={ids.changes} label="Changes left" min={0} max={MAX_CHANGES_LEFT} error={errors.changesLeft?.message} registration={form.register("changesLeft", { valueAsNumber: true })} />
      ) : null}

      <div className="grid gap-2">
        <Label htmlFor={ids.reason}>Reason</Label>
        <Textarea
          id={ids.reason}
          rows={3}
          maxLength={500}
          placeholder="Why? e.g. the customer asked in the support chat"
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={`${ids.reason}-hint${errors.reason ? ` ${ids.reason}-error` : ""}`}
          {...form.register("reason")}
        />
        <p id={`${ids.reason}-hint`} className="text-xs text-muted-foreground">
          Kept in the audit log with your name; the customer does not see it.
        </p>
        {errors.reason ? (
          <p id={`${ids.reason}-error`} role="alert" className="text-sm text-destructive">
            {errors.reason.message}
          </p>
        ) : null}
      </div>

      <DialogSubmitFooter loading={isSubmitting} loadingLabel={copy.pending} variant={copy.destructive ? "destructive" : "default"}>
        {copy.confirm}
      </DialogSubmitFooter>
    </form>
  );
}

function NumberField({
  id,
  label,
  min,
  max,
  error,
  registration,
}: {
  id: string;
  label: string;
  min: number;
  max: number;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        className="w-32"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
