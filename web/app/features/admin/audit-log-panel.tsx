import { useState } from "react";
import { InboxIcon } from "lucide-react";

import { AUDIT_ACTIONS } from "../../../../contracts/admin";
import { DataTable } from "~/components/data-table/data-table";
import { EmailText } from "~/components/email-text";
import { ListSelect } from "~/components/data-table/list-select";
import { loadErrorState, useErrorToast } from "~/components/data-table/list-state";
import { DashboardPage } from "~/components/dashboard/page-header";
import { Card } from "~/components/ui/card";
import { TableCell, TableRow } from "~/components/ui/table";
import { formatDate, useDates } from "~/lib/dates";
import type { TFunction } from "~/lib/i18n";

import { errorMessage } from "~/lib/errors";
import { type AuditEntry } from "./api";
import { formatMoney } from "../../../../contracts/money";
import { useAdminCopy } from "./copy";
import { planValue, planWhat } from "./plan-audit-text";
import { useAudit } from "./queries";

const PAGE_SIZE = 25;
const COLUMNS = ["when", "who", "what", "concerning", "before", "after", "note"] as const;
/** The filter's choices: every action the log records; each one's words are admin:audit.filters.<code, dots as underscores>. */
const FILTERS = ["all", ...AUDIT_ACTIONS] as const;
type Filter = (typeof FILTERS)[number];
const filterKey = (filter: Filter) => `audit.filters.${filter.replace(/\./g, "_")}`;

export function AuditLogPanel() {
  const { t } = useAdminCopy();
  const [filter, setFilter] = useState<Filter>("all");
  const [page, setPage] = useState(1);
  const query = useAudit({ action: filter === "all" ? undefined : filter, page, pageSize: PAGE_SIZE });
  const data = query.data;
  const errorTitle = t("audit.errorTitle");
  useErrorToast("audit-error", errorTitle, query.error, errorMessage);

  const state =
    !data && query.isError
      ? loadErrorState(errorTitle, errorMessage(query.error), () => void query.refetch())
      : data?.entries.length === 0
        ? { icon: InboxIcon, title: t("audit.empty") }
        : null;
  return (
    <DashboardPage title={t("audit.title")} description={t("audit.description")}>
      <Card className="gap-0 overflow-hidden py-0">
        <div className="flex items-end gap-3 border-b px-4 py-4 sm:px-6">
          <ListSelect
            label={t("audit.show")}
            value={filter}
            options={FILTERS.map((value) => ({ value, label: t(filterKey(value), { defaultValue: value }) }))}
            onChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
            triggerClassName="w-52"
          />
        </div>
        <DataTable
          columns={COLUMNS.map((key) => t(`audit.columns.${key}`))}
          caption={t("audit.caption")}
          scrollLabel={t("audit.scrollLabel")}
          className="min-w-[60rem]"
          rows={data?.entries}
          renderRow={(entry) => <AuditRow key={entry.id} entry={entry} />}
          state={state}
          busy={query.isFetching && query.isPlaceholderData}
          pagination={data && { page, pageSize: PAGE_SIZE, total: data.total, noun: t("audit.noun"), label: t("audit.pages"), onPageChange: setPage }}
        />
      </Card>
    </DashboardPage>
  );
}

const str = (value: unknown) => (typeof value === "string" ? value : null);
const num = (value: unknown) => (typeof value === "number" ? value : null);

/**
 * A status the server stored in an entry, in words: an order's (transactions namespace), a refund
 * request's, or a licence's (licenses namespace: 'Active', 'Suspended'); another as it was stored.
 */
function statusText(t: TFunction, action: string, status: unknown): string {
  const raw = String(status ?? "—");
  if (action === "order.refund") return t(`transactions:status.${raw}`, { defaultValue: raw });
  if (action.startsWith("refund_request.")) return t(`audit.requestStatus.${raw}`, { defaultValue: raw });
  return t(`licenses:status.${raw}`, { defaultValue: raw });
}

/** The values of an entry as words: 'admin (super-admin)', '$7.00'. */
function describe(t: TFunction, entry: AuditEntry, value: Record<string, unknown> | null): string {
  if (!value) return "—";
  if (entry.action === "user.role") {
    const role = str(value.role);
    const name = role === "user" || role === "admin" ? t(`roles.${role}`) : (role ?? "?");
    return t(value.superAdmin ? "audit.value.roleSuperAdmin" : "audit.value.role", { role: name });
  }
  if (entry.action === "user.reseller") return t(value.reseller ? "audit.value.reseller" : "audit.value.notReseller");
  if (entry.action === "balance.adjust" && typeof value.balanceMills === "number") return formatMoney(value.balanceMills);
  const plan = planValue(t, entry, value);
  if (plan) return plan;
  if (entry.action === "licence.suspicious") return t("audit.value.suspicious", { addresses: String(value.addresses), refusedKeys: String(value.refusedKeys) });
  if (entry.action === "user.two_factor_reset") return t(value.twoFactorEnabled ? "audit.value.twoFactorOn" : "audit.value.twoFactorOff");
  if (entry.action === "order.refund" && typeof value.refundedMills === "number") {
    return t("audit.value.refunded", { status: statusText(t, entry.action, value.status), amount: formatMoney(value.refundedMills) });
  }
  if (entry.action.startsWith("refund_request.")) return value.status === undefined ? "—" : statusText(t, entry.action, value.status);
  if (entry.action.startsWith("licence.") && typeof value.status === "string") {
    const values = { status: statusText(t, entry.action, value.status), changes: String(value.changesLeft) };
    return typeof value.expireDate === "string" ? t("audit.value.licenceUntil", { ...values, date: formatDate(value.expireDate) }) : t("audit.value.licence", values);
  }
  return JSON.stringify(value);
}

/** What a licence action did, or null for other entries. */
function licenseWhat(t: TFunction, entry: AuditEntry): string | null {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  switch (entry.action) {
    case "licence.issue": {
      // The plan's id ('local-3m') is an identifier, shown as stored.
      const plan = str(after.planId);
      return plan ? t("audit.what.licenceIssuedPlan", { plan }) : t("audit.what.licenceIssued");
    }
    case "licence.extend": {
      const until = str(after.expireDate);
      const days = num(after.days) ?? "?";
      return until ? t("audit.what.extendedUntil", { days, date: formatDate(until) }) : t("audit.what.extendedTerm", { days, term: num(after.termDays) ?? "?" });
    }
    case "licence.suspend":
      return t("audit.what.suspended");
    case "licence.resume":
      return t("audit.what.resumed");
    case "licence.revoke":
      return t("audit.what.revoked");
    case "licence.reset_changes":
      return t("audit.what.changesReset", { before: num(before.changesLeft) ?? "?", after: num(after.changesLeft) ?? "?" });
    case "licence.release_device": {
      // The stored audit rows name the device key `licenseKey` (decision 031).
      const key = str(before.licenseKey);
      return key ? t("audit.what.deviceReleasedKey", { key }) : t("audit.what.deviceReleased");
    }
    case "licence.resend_key":
      return t("audit.what.keyResent");
    default:
      return null;
  }
}

/** An entry's action in words; a code this page does not know is shown as stored (an identifier). */
function what(t: TFunction, entry: AuditEntry): string {
  if (entry.action === "user.role") return t("audit.what.roleChange");
  if (entry.action === "licence.suspicious") return t("audit.what.suspicious");
  const license = licenseWhat(t, entry) ?? planWhat(t, entry);
  if (license) return license;
  if (entry.action === "user.two_factor_reset") return t("audit.what.twoFactorReset");
  if (entry.action === "user.reseller") return t(entry.after?.reseller ? "audit.what.resellerMarked" : "audit.what.resellerUnmarked");
  if (entry.action === "order.refund") {
    const amount = entry.after?.amountMills;
    if (typeof amount !== "number") return t("audit.what.refund");
    const source = entry.after?.source;
    const key = source === "provider" ? "refundAmountProvider" : source === "guarantee" ? "refundAmountGuarantee" : "refundAmount";
    return t(`audit.what.${key}`, { amount: formatMoney(amount) });
  }
  if (entry.action === "refund_request.approve") return t("audit.what.requestApproved");
  if (entry.action === "refund_request.decline") return t("audit.what.requestDeclined");
  if (entry.action === "balance.adjust") {
    const delta = entry.after?.deltaMills;
    if (typeof delta !== "number") return t("audit.what.balanceAdjust");
    return t(delta >= 0 ? "audit.what.balanceAdded" : "audit.what.balanceSubtracted", { amount: formatMoney(Math.abs(delta)) });
  }
  return entry.action;
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useAdminCopy();
  const { formatDateTime } = useDates();
  return (
    <TableRow>
      <TableCell className="pl-4 whitespace-nowrap text-muted-foreground sm:pl-6">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </TableCell>
      <TableCell>{entry.actorEmail ? <EmailText email={entry.actorEmail} /> : "—"}</TableCell>
      <TableCell>{what(t, entry)}</TableCell>
      <TableCell className="break-words">{entry.targetEmail ? <EmailText email={entry.targetEmail} /> : <span className="font-mono text-xs break-all">{entry.targetId}</span>}</TableCell>
      <TableCell className="tabular-nums">{describe(t, entry, entry.before)}</TableCell>
      <TableCell className="tabular-nums">{describe(t, entry, entry.after)}</TableCell>
      <TableCell className="pr-4 text-muted-foreground sm:pr-6" translate="no">{entry.note ?? "—"}</TableCell>
    </TableRow>
  );
}
