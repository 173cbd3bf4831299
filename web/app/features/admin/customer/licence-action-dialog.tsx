// One real dialog per licence action, each with its required reason (for the audit log, never
// sent to the customer) and, where needed, the days to add or the changes left. Success and
// error toasts; the row updates from the answer.
import { useId } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type UseFormRegisterReturn } from "react-hook-form";
import { toast } from "~/lib/toast";
import { z } from "zod";

import { MAX_CHANGES_LEFT, MAX_EXTEND_DAYS, ReasonSchema } from "../../../../../contracts/customers";
import { DialogSubmitFooter } from "~/components/dialog-submit-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useDates } from "~/lib/dates";
import { isApiError, type ApiErrorCode } from "~/lib/api";
import type { TFunction, TOptions } from "~/lib/i18n";
import { itemTitle } from "~/features/payments/item-title";

import { errorMessage } from "~/lib/errors";
import { type AdminLicense, type LicenseActionBody, type LicenseActionName } from "./api";
import { adminCustomerText, fieldText, serverText, useAdminCustomerCopy } from "./copy";
import { useLicenseAction } from "./queries";
import { ReasonField } from "./reason-field";

interface ActionCopy {
  title: string;
  describe: string;
  confirm: string;
  pending: string;
  done: string;
  failed: string;
  destructive?: boolean;
}

const DESTRUCTIVE: ReadonlySet<LicenseActionName> = new Set(["suspend", "revoke"]);

/** An action's words for this licence, in the reader's language. */
function actionCopy(t: TFunction, action: LicenseActionName, l: AdminLicense, formatDate: (iso: string) => string): ActionCopy {
  const word = (key: string, values?: TOptions) => t(`actions.${action}.${key}`, values);
  let describe: string;
  if (action === "extend") describe = l.expireDate ? word("describeExpiry", { date: formatDate(l.expireDate) }) : word("describeTerm", { count: l.termDays });
  else if (action === "reset-changes") describe = l.planKeyChanges === null ? word("describe", { left: l.changesLeft }) : word("describePlan", { left: l.changesLeft, plan: l.planKeyChanges });
  else if (action === "release-device") describe = l.deviceKey ? word("describe", { key: l.deviceKey }) : word("describeNoKey");
  else if (action === "resend-key") describe = word("describe", { email: l.email });
  else describe = word("describe");
  return {
    title: word("title"),
    describe,
    confirm: word("confirm"),
    pending: word("pending"),
    done: word("done"),
    failed: word("failed"),
    destructive: DESTRUCTIVE.has(action),
  };
}

const daysSchema = (t: TFunction) =>
  z
    .number({ error: t("form.daysRequired") })
    .int(t("form.daysWhole"))
    .min(1, t("form.daysMin"))
    .max(MAX_EXTEND_DAYS, t("form.daysMax", { max: MAX_EXTEND_DAYS }));
const changesSchema = (t: TFunction) =>
  z
    .number({ error: t("form.changesRequired") })
    .int(t("form.changesWhole"))
    .min(0, t("form.changesMin"))
    .max(MAX_CHANGES_LEFT, t("form.changesMax", { max: MAX_CHANGES_LEFT }));

const FormSchema = z.object({ reason: ReasonSchema, days: z.number().optional(), changesLeft: z.number().optional() });
type FormValues = z.input<typeof FormSchema>;

function schemaFor(t: TFunction, action: LicenseActionName) {
  if (action === "extend") return FormSchema.extend({ days: daysSchema(t) });
  if (action === "reset-changes") return FormSchema.extend({ changesLeft: changesSchema(t) });
  return FormSchema;
}

/** The licence changed meanwhile (gone, revoked, already in the asked state): the route's refusals that mean so. */
const STALE_LICENCE: ReadonlySet<ApiErrorCode> = new Set<ApiErrorCode>(["NOT_FOUND", "LICENSE_REVOKED", "ALREADY_SUSPENDED", "NOT_SUSPENDED", "NOT_BOUND"]);

export function LicenseActionDialog({
  email,
  licence: license,
  action,
  onOpenChange,
  onCloseAutoFocus,
}: {
  /** The customer whose page this is (the query to refresh). */
  email: string;
  licence: AdminLicense;
  /** The open action, or null when closed. */
  action: LicenseActionName | null;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useAdminCustomerCopy();
  const { formatDate } = useDates();
  const copy = action ? actionCopy(t, action, license, formatDate) : null;
  return (
    <Dialog open={action !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        {action && copy ? (
          <>
            <DialogHeader>
              <DialogTitle>{copy.title}</DialogTitle>
              <DialogDescription>{copy.describe}</DialogDescription>
            </DialogHeader>
            <ActionForm key={`${license.id}-${action}`} email={email} licence={license} action={action} copy={copy} onDone={() => onOpenChange(false)} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ActionForm({ email, licence: license, action, copy, onDone }: { email: string; licence: AdminLicense; action: LicenseActionName; copy: ActionCopy; onDone: () => void }) {
  const { t } = useAdminCustomerCopy();
  const run = useLicenseAction(email);
  const form = useForm<FormValues>({
    // The schema reads the language when the form checks (its messages in the reader's words).
    resolver: (values, context, options) => zodResolver(schemaFor(adminCustomerText, action))(values, context, options),
    defaultValues: { reason: "", days: 30, changesLeft: license.planKeyChanges ?? license.changesLeft },
  });
  const { errors, isSubmitting } = form.formState;
  const ids = { key: useId(), days: useId(), changes: useId(), reason: useId() };

  const onSubmit = form.handleSubmit(async (values) => {
    const reason = values.reason.trim();
    const body: LicenseActionBody =
      action === "extend"
        ? { action, days: values.days!, reason }
        : action === "reset-changes"
          ? { action, changesLeft: values.changesLeft!, reason }
          : { action, reason };
    try {
      const result = await run.mutateAsync({ licenceId: license.id, body });
      toast.success(copy.done, { description: serverText(result.message) });
      onDone();
    } catch (error) {
      toast.error(copy.failed, { description: fieldText(errorMessage(error)) });
      if (isApiError(error) && error.issues?.[0]?.path === "reason") form.setError("reason", { message: fieldText(errorMessage(error)) }, { shouldFocus: true });
      // The licence changed meanwhile (revoked, already suspended…): the page has been refreshed.
      else if (isApiError(error) && STALE_LICENCE.has(error.code)) onDone();
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("form.buyKey")}</dt>
        <dd id={ids.key} className="font-mono text-xs break-all">
          {license.buyKey}
        </dd>
        {license.planTitle ? (
          <>
            <dt className="text-muted-foreground">{t("form.plan")}</dt>
            <dd>{itemTitle(license)}</dd>
          </>
        ) : null}
      </dl>

      {action === "extend" ? (
        <NumberField id={ids.days} label={t("form.days")} min={1} max={MAX_EXTEND_DAYS} error={errors.days?.message} registration={form.register("days", { valueAsNumber: true })} />
      ) : null}
      {action === "reset-changes" ? (
        <NumberField id={ids.changes} label={t("form.changesLeft")} min={0} max={MAX_CHANGES_LEFT} error={errors.changesLeft?.message} registration={form.register("changesLeft", { valueAsNumber: true })} />
      ) : null}

      <ReasonField id={ids.reason} placeholder={t("form.reasonPlaceholder")} error={errors.reason?.message} registration={form.register("reason")} />

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
