// The customer's licences: device key, status, term, changes left, last seen by the licence API
// and the abuse signals, with an Actions menu per licence. A table on desktop, cards on phones.
import { useRef, useState, type ReactNode } from "react";
import {
  BanIcon,
  CalendarPlusIcon,
  EllipsisIcon,
  KeyRoundIcon,
  MailIcon,
  PauseCircleIcon,
  PlayCircleIcon,
  RotateCcwIcon,
  TriangleAlertIcon,
  UnlinkIcon,
} from "lucide-react";

import { DataCards, DataTable } from "~/components/data-table/data-table";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { TableCell, TableRow } from "~/components/ui/table";
import { DateText } from "~/components/date-text";
import { useDates } from "~/lib/dates";
import { termText } from "~/features/licenses/copy";
import { KeyText } from "~/components/key-text";
import { LicenseStatusBadge } from "~/features/licenses/license-status-badge";
import { itemTitle } from "~/features/payments/item-title";
import { useIsMobile } from "~/hooks/use-mobile";
import type { TFunction } from "~/lib/i18n";

import type { AdminLicense, LicenseActionName } from "./api";
import { useAdminCustomerCopy } from "./copy";
import { IssueLicenseDialog } from "./issue-licence-dialog";
import { LicenseActionDialog } from "./licence-action-dialog";
import { CardField, CardFields, SectionCard } from "./section-card";

const STICKY = "sticky right-0 z-[1]";

const columns = (t: TFunction) => [
  { label: t("licences.columns.licence"), skeletonClassName: "h-4 w-32" },
  { label: t("licences.columns.deviceKey"), skeletonClassName: "h-4 w-32" },
  { label: t("licences.columns.status"), skeletonClassName: "h-5 w-16 rounded-full" },
  { label: t("licences.columns.term"), skeletonClassName: "h-4 w-28" },
  { label: t("licences.columns.changesLeft"), className: "w-20 text-center leading-tight whitespace-normal", skeletonClassName: "mx-auto h-4 w-6" },
  { label: t("licences.columns.lastSeen"), skeletonClassName: "h-4 w-28" },
  // Stays in view when a narrow window scrolls the table (the header cell matches the header's tint).
  { label: t("licences.columns.actions"), className: `text-right ${STICKY} bg-[color-mix(in_oklab,var(--muted)_40%,var(--card))]`, skeletonClassName: "ml-auto size-8" },
];

/** A name for the licence in labels: its display name, else its buy key. */
const labelOf = (l: AdminLicense) => l.name.trim() || l.buyKey;

export function LicensesSection({ email, licences: licenses, total }: { email: string; licences: AdminLicense[]; total: number }) {
  const { t } = useAdminCustomerCopy();
  const isMobile = useIsMobile();
  const state = licenses.length === 0 ? { icon: KeyRoundIcon, title: t("licences.empty"), body: <p>{t("licences.emptyBody")}</p> } : null;
  return (
    <SectionCard id="licences" title={t("licences.title")} count={total} shown={licenses.length} action={<IssueLicenseDialog email={email} />}>
      {isMobile ? (
        <DataCards
          rows={licenses}
          state={state}
          renderCards={(list) => (
            <ul aria-label={t("licences.title")} className="divide-y">
              {list.map((license) => (
                <li key={license.id} className="grid gap-3 px-4 py-4" data-testid="licence-row">
                  <div className="flex items-start gap-3">
                    <div className="grid min-w-0 flex-1 gap-0.5">
                      <LicenseName licence={license} />
                    </div>
                    <LicenseStatusBadge status={license.status} />
                    <div className="-mt-1 -mr-2">
                      <LicenseActions email={email} licence={license} />
                    </div>
                  </div>
                  <CardFields>
                    <CardField term={t("licences.buyKey")}>
                      <KeyText value={license.buyKey} />
                    </CardField>
                    <CardField term={t("licences.columns.deviceKey")}>
                      {license.deviceKey ? <KeyText value={license.deviceKey} /> : <span className="text-muted-foreground">{t("licences.notBound")}</span>}
                    </CardField>
                    <CardField term={t("licences.columns.term")}>
                      <Term licence={license} />
                    </CardField>
                    <CardField term={t("licences.columns.changesLeft")}>
                      <span className="tabular-nums">{license.changesLeft}</span>
                    </CardField>
                    <CardField term={t("licences.columns.lastSeen")}>
                      <LastSeen licence={license} />
                    </CardField>
                  </CardFields>
                </li>
              ))}
            </ul>
          )}
        />
      ) : (
        <DataTable
          columns={columns(t)}
          caption={t("licences.caption")}
          scrollLabel={t("section.table", { name: t("licences.title") })}
          className="min-w-[50rem]"
          rows={licenses}
          state={state}
          renderRow={(license) => (
            <TableRow key={license.id} data-testid="licence-row">
              <TableCell className="pl-4 sm:pl-6">
                <div className="grid max-w-[12rem] min-w-[9rem] gap-0.5">
                  <LicenseName licence={license} />
                  <KeyText value={license.buyKey} className="text-muted-foreground" />
                </div>
              </TableCell>
              <TableCell>
                {license.deviceKey ? <KeyText value={license.deviceKey} className="block max-w-[11rem] min-w-[7rem]" /> : <span className="text-muted-foreground">{t("licences.notBound")}</span>}
              </TableCell>
              <TableCell>
                <LicenseStatusBadge status={license.status} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <Term licence={license} />
              </TableCell>
              <TableCell className="text-center tabular-nums">{license.changesLeft}</TableCell>
              <TableCell>
                <LastSeen licence={license} />
              </TableCell>
              <TableCell className={`pr-4 text-right sm:pr-6 ${STICKY} bg-card`}>
                <LicenseActions email={email} licence={license} />
              </TableCell>
            </TableRow>
          )}
        />
      )}
    </SectionCard>
  );
}

function LicenseName({ licence: license }: { licence: AdminLicense }) {
  const { t } = useAdminCustomerCopy();
  return (
    <>
      {license.name.trim() ? <span className="font-medium break-words">{license.name}</span> : <span className="text-muted-foreground italic">{t("licences.unnamed")}</span>}
      <span className="text-xs text-muted-foreground">{license.planTitle ? t("licences.plan", { plan: itemTitle(license) }) : t("licences.noPlan")}</span>
    </>
  );
}

/** 'Nov 22, 2026 – Dec 22, 2026', or the term a new licence will run from first activation. */
function Term({ licence: license }: { licence: AdminLicense }) {
  const { t } = useAdminCustomerCopy();
  const { formatDate } = useDates();
  const summary = termText(t, license);
  if (!license.startDate && !license.expireDate) return <span className="text-muted-foreground" data-testid="licence-term">{summary}</span>;
  return (
    <span className="grid gap-0.5 text-sm" data-testid="licence-term">
      <span>
        <span className="text-muted-foreground">{t("licences.until")} </span>
        <span data-testid="licence-expiry">
          <DateText iso={license.expireDate} />
        </span>
      </span>
      <span className="text-xs text-muted-foreground">
        {t("licences.from", { date: formatDate(license.startDate) })}
        {summary ? ` · ${summary}` : ""}
      </span>
    </span>
  );
}

/** The latest hour the licence API saw it, from which addresses; the last 24 hours' signals. */
function LastSeen({ licence: license }: { licence: AdminLicense }) {
  const { t } = useAdminCustomerCopy();
  const { formatDate, formatTime } = useDates();
  const a = license.activity;
  const signals = a.addresses24h > 1 || a.refusedKeys24h > 0 || a.flagged;
  const hourEnd = a.lastSeenHour ? new Date(new Date(a.lastSeenHour).getTime() + 3_600_000).toISOString() : null;
  return (
    <div className="grid max-w-[13rem] min-w-[9rem] gap-0.5 text-sm">
      {a.lastSeenHour ? (
        <>
          {/* Signals are kept per hour: the hour of the latest call, and its addresses. */}
          <span title={t("licences.lastSeen.hourTitle")}>
            <span className="whitespace-nowrap">{formatDate(a.lastSeenHour)}</span>,{" "}
            <span className="whitespace-nowrap">
              {formatTime(a.lastSeenHour)}–{formatTime(hourEnd)}
            </span>
          </span>
          <span className="text-xs text-muted-foreground" title={t("licences.lastSeen.addressesTitle")}>
            {a.lastSeenAddresses.map((address, i) => (
              <span key={address}>
                {i ? ", " : null}
                <span className="inline-block max-w-full [overflow-wrap:anywhere]">{address}</span>
              </span>
            ))}
          </span>
        </>
      ) : (
        <span className="text-muted-foreground">{t("licences.lastSeen.none")}</span>
      )}
      {signals ? (
        <span className={a.flagged ? "flex items-center gap-1 text-xs font-medium text-amber-700 dark:text-amber-400" : "text-xs text-muted-foreground"}>
          {a.flagged ? <TriangleAlertIcon className="size-3.5 shrink-0" aria-hidden="true" /> : null}
          {t(a.flagged ? "licences.lastSeen.suspicious" : "licences.lastSeen.recent", {
            addresses: t("licences.lastSeen.addresses", { count: a.addresses24h }),
            keys: t("licences.lastSeen.refusedKeys", { count: a.refusedKeys24h }),
          })}
        </span>
      ) : null}
    </div>
  );
}

function LicenseActions({ email, licence: license }: { email: string; licence: AdminLicense }) {
  const { t } = useAdminCustomerCopy();
  const [action, setAction] = useState<LicenseActionName | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const label = labelOf(license);
  const revoked = license.status === "Revoked";
  // The dialogs open from the menu, so they hand focus back to the row's menu button.
  const returnFocus = (event: Event) => {
    event.preventDefault();
    triggerRef.current?.focus();
  };
  const item = (name: LicenseActionName, icon: ReactNode, text: string, opts: { disabled?: boolean; destructive?: boolean } = {}) => (
    <DropdownMenuItem onSelect={() => setAction(name)} disabled={opts.disabled} variant={opts.destructive ? "destructive" : "default"}>
      {icon}
      {text}
    </DropdownMenuItem>
  );

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={triggerRef} variant="ghost" size="icon" className="size-8 data-[state=open]:bg-accent" aria-label={t("licences.menu.label", { name: label })}>
            <EllipsisIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuLabel className="truncate text-xs font-normal text-muted-foreground">{label}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {revoked ? (
            <DropdownMenuItem disabled>
              <BanIcon aria-hidden="true" />
              {t("licences.menu.revoked")}
            </DropdownMenuItem>
          ) : (
            <>
              {item("extend", <CalendarPlusIcon aria-hidden="true" />, t("licences.menu.extend"))}
              {license.suspendedAt
                ? item("resume", <PlayCircleIcon aria-hidden="true" />, t("licences.menu.resume"))
                : item("suspend", <PauseCircleIcon aria-hidden="true" />, t("licences.menu.suspend"))}
              {item("reset-changes", <RotateCcwIcon aria-hidden="true" />, t("licences.menu.resetChanges"))}
              {item("release-device", <UnlinkIcon aria-hidden="true" />, t("licences.menu.releaseDevice"), { disabled: !license.deviceKey })}
              {item("resend-key", <MailIcon aria-hidden="true" />, t("licences.menu.resendKey"))}
              <DropdownMenuSeparator />
              {item("revoke", <BanIcon aria-hidden="true" />, t("licences.menu.revoke"), { destructive: true })}
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <LicenseActionDialog email={email} licence={license} action={action} onOpenChange={(open) => (open ? undefined : setAction(null))} onCloseAutoFocus={returnFocus} />
    </>
  );
}
