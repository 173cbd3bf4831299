// One license of a bulk order: a table row on a wide screen, a card on a phone, with the same
// facts (its buy key with a copy button, its state, whom it was assigned to and when) and Assign
// on an available one.
import { CopyIcon, SendIcon } from "lucide-react";

import { copyWithToast } from "~/components/clipboard";
import { EmailText } from "~/components/email-text";
import { KeyText } from "~/components/key-text";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TableCell, TableRow } from "~/components/ui/table";
import { useDates } from "~/lib/dates";
import { cn } from "~/lib/utils";

import type { LicenseState, ResellerLicense } from "./api";
import { useResellerCopy } from "./copy";

type RowProps = { license: ResellerLicense; onAssign: (license: ResellerLicense) => void };

const STATE_STYLES: Record<LicenseState, string> = {
  available: "border-emerald-600/20 bg-emerald-50 text-emerald-700 dark:border-emerald-400/25 dark:bg-emerald-400/10 dark:text-emerald-300",
  assigned: "border-sky-600/20 bg-sky-50 text-sky-700 dark:border-sky-400/25 dark:bg-sky-400/10 dark:text-sky-300",
  activated: "border-border bg-muted text-foreground",
  revoked: "border-border bg-muted text-muted-foreground line-through decoration-1",
};

export function LicenseStateBadge({ state }: { state: LicenseState }) {
  const { t } = useResellerCopy();
  return (
    <Badge variant="outline" data-state={state} data-testid="license-state" className={cn("rounded-full px-2.5", STATE_STYLES[state])}>
      {t(`licences.states.${state}`)}
    </Badge>
  );
}

function BuyKey({ license }: { license: ResellerLicense }) {
  const { t } = useResellerCopy();
  return (
    <span className="flex items-center gap-1.5">
      <KeyText value={license.buyKey} className="min-w-[9rem]" />
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-7 shrink-0"
        aria-label={t("licences.copyLabel", { key: license.buyKey })}
        title={t("licences.copy")}
        onClick={() => void copyWithToast(license.buyKey, t("licences.keyName"))}
      >
        <CopyIcon aria-hidden="true" />
      </Button>
    </span>
  );
}

function AssignedTo({ license }: { license: ResellerLicense }) {
  const { t } = useResellerCopy();
  const { formatDateTime } = useDates();
  if (!license.assignedTo) return <span className="text-muted-foreground">{t("licences.notAssigned")}</span>;
  return (
    <span className="grid min-w-0" data-testid="license-assigned-to">
      <EmailText email={license.assignedTo} />
      {license.assignedAt ? <span className="text-xs text-muted-foreground">{t("licences.assignedOn", { date: formatDateTime(license.assignedAt) })}</span> : null}
    </span>
  );
}

function AssignButton({ license, onAssign }: RowProps) {
  const { t } = useResellerCopy();
  if (license.state !== "available") return null;
  return (
    <Button size="sm" variant="outline" aria-label={t("licences.assignLabel", { key: license.buyKey })} onClick={() => onAssign(license)}>
      <SendIcon aria-hidden="true" />
      {t("licences.assign")}
    </Button>
  );
}

export function LicenseRow(props: RowProps) {
  const { license } = props;
  return (
    <TableRow data-testid="reseller-license" data-license={license.id}>
      <TableCell className="pl-4 sm:pl-6">
        <BuyKey license={license} />
      </TableCell>
      <TableCell>
        <LicenseStateBadge state={license.state} />
      </TableCell>
      <TableCell className="max-w-64">
        <AssignedTo license={license} />
      </TableCell>
      <TableCell className="pr-4 text-right sm:pr-6">
        <AssignButton {...props} />
      </TableCell>
    </TableRow>
  );
}

export function LicenseCard(props: RowProps) {
  const { license } = props;
  const { t } = useResellerCopy();
  return (
    <li className="grid gap-3 px-4 py-4" data-testid="reseller-license" data-license={license.id}>
      <div className="flex items-start justify-between gap-3">
        <BuyKey license={license} />
        <LicenseStateBadge state={license.state} />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("licences.columns.assignedTo")}</dt>
        <dd className="min-w-0">
          <AssignedTo license={license} />
        </dd>
      </dl>
      {license.state === "available" ? (
        <div>
          <AssignButton {...props} />
        </div>
      ) : null}
    </li>
  );
}
