// The customer's licences: device key, status, term, changes left, last seen by the licence API
// and the abuse signals, with an Actions menu per licence. A table on desktop, cards on phones.
import { termSummary } from "../../../../../contracts/renewals";
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
import { formatDate, formatTime } from "~/lib/dates";
import { KeyText } from "~/features/licenses/key-text";
import { LicenseStatusBadge } from "~/features/licenses/license-status-badge";
import { useIsMobile } from "~/hooks/use-mobile";

import type { AdminLicence, LicenceActionName } from "./api";
import { IssueLicenceDialog } from "./issue-licence-dialog";
import { LicenceActionDialog } from "./licence-action-dialog";
import { CardField, CardFields, SectionCard } from "./section-card";

const STICKY = "sticky right-0 z-[1]";

const COLUMNS = [
  { label: "Licence", skeletonClassName: "h-4 w-32" },
  { label: "Device key", skeletonClassName: "h-4 w-32" },
  { label: "Status", skeletonClassName: "h-5 w-16 rounded-full" },
  { label: "Term", skeletonClassName: "h-4 w-28" },
  { label: "Changes left", className: "w-20 text-center leading-tight whitespace-normal", skeletonClassName: "mx-auto h-4 w-6" },
  { label: "Last seen", skeletonClassName: "h-4 w-28" },
  // Stays in view when a narrow window scrolls the table (the header cell matches the header's tint).
  { label: "Actions", className: `text-right ${STICKY} bg-[color-mix(in_oklab,var(--muted)_40%,var(--card))]`, skeletonClassName: "ml-auto size-8" },
] as const;

/** A name for the licence in labels: its display name, else its buy key. */
const labelOf = (l: AdminLicence) => l.name.trim() || l.buyKey;

export function LicencesSection({ email, licences, total }: { email: string; licences: AdminLicence[]; total: number }) {
  const isMobile = useIsMobile();
  const state = licences.length === 0 ? { icon: KeyRoundIcon, title: "No licences", body: <p>Issue one with the button above.</p> } : null;
  return (
    <SectionCard id="licences" title="Licences" count={total} shown={licences.length} action={<IssueLicenceDialog email={email} />}>
      {isMobile ? (
        <DataCards
          rows={licences}
          state={state}
          renderCards={(list) => (
            <ul aria-label="Licences" className="divide-y">
              {list.map((licence) => (
                <li key={licence.id} className="grid gap-3 px-4 py-4" data-testid="licence-row">
                  <div className="flex items-start gap-3">
                    <div className="grid min-w-0 flex-1 gap-0.5">
                      <LicenceName licence={licence} />
                    </div>
                    <LicenseStatusBadge status={licence.status} />
                    <div className="-mt-1 -mr-2">
                      <LicenceActions email={email} licence={licence} />
                    </div>
                  </div>
                  <CardFields>
                    <CardField term="Buy key">
                      <KeyText value={licence.buyKey} />
                    </CardField>
                    <CardField term="Device key">
                      {licence.deviceKey ? <KeyText value={licence.deviceKey} /> : <span className="text-muted-foreground">Not bound</span>}
                    </CardField>
                    <CardField term="Term">
                      <Term licence={licence} />
                    </CardField>
                    <CardField term="Changes left">
                      <span className="tabular-nums">{licence.changesLeft}</span>
                    </CardField>
                    <CardField term="Last seen">
                      <LastSeen licence={licence} />
                    </CardField>
                  </CardFields>
                </li>
              ))}
            </ul>
          )}
        />
      ) : (
        <DataTable
          columns={COLUMNS}
          caption="The customer's licences with their device key, status, term, changes left and what the licence API saw. Each row has an actions menu."
          scrollLabel="Licences table"
          className="min-w-[50rem]"
          rows={licences}
          state={state}
          renderRow={(licence) => (
            <TableRow key={licence.id} data-testid="licence-row">
              <TableCell className="pl-4 sm:pl-6">
                <div className="grid max-w-[12rem] min-w-[9rem] gap-0.5">
                  <LicenceName licence={licence} />
                  <KeyText value={licence.buyKey} className="text-muted-foreground" />
                </div>
              </TableCell>
              <TableCell>
                {licence.deviceKey ? <KeyText value={licence.deviceKey} className="block max-w-[11rem] min-w-[7rem]" /> : <span className="text-muted-foreground">Not bound</span>}
              </TableCell>
              <TableCell>
                <LicenseStatusBadge status={licence.status} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <Term licence={licence} />
              </TableCell>
              <TableCell className="text-center tabular-nums">{licence.changesLeft}</TableCell>
              <TableCell>
                <LastSeen licence={licence} />
              </TableCell>
              <TableCell className={`pr-4 text-right sm:pr-6 ${STICKY} bg-card`}>
                <LicenceActions email={email} licence={licence} />
              </TableCell>
            </TableRow>
          )}
        />
      )}
    </SectionCard>
  );
}

function LicenceName({ licence }: { licence: AdminLicence }) {
  return (
    <>
      {licence.name.trim() ? <span className="font-medium break-words">{licence.name}</span> : <span className="text-muted-foreground italic">Unnamed</span>}
      <span className="text-xs text-muted-foreground">{licence.planTitle ? `${licence.planTitle} plan` : "No plan"}</span>
    </>
  );
}

/** 'Nov 22, 2026 – Dec 22, 2026', or the term a new licence will run from first activation. */
function Term({ licence }: { licence: AdminLicence }) {
  const summary = termSummary(licence);
  if (!licence.startDate && !licence.expireDate) return <span className="text-muted-foreground" data-testid="licence-term">{summary}</span>;
  return (
    <span className="grid gap-0.5 text-sm" data-testid="licence-term">
      <span>
        <span className="text-muted-foreground">until </span>
        <span data-testid="licence-expiry">
          <DateText iso={licence.expireDate} />
        </span>
      </span>
      <span className="text-xs text-muted-foreground">
        from {formatDate(licence.startDate)}
        {summary ? ` · ${summary}` : ""}
      </span>
    </span>
  );
}

/** The latest hour the licence API saw it, from which addresses; the last 24 hours' signals. */
function LastSeen({ licence }: { licence: AdminLicence }) {
  const a = licence.activity;
  const signals = a.addresses24h > 1 || a.refusedKeys24h > 0 || a.flagged;
  const hourEnd = a.lastSeenHour ? new Date(new Date(a.lastSeenHour).getTime() + 3_600_000).toISOString() : null;
  return (
    <div className="grid max-w-[13rem] min-w-[9rem] gap-0.5 text-sm">
      {a.lastSeenHour ? (
        <>
          {/* Signals are kept per hour: the hour of the latest call, and its addresses. */}
          <span title="The hour of the desktop tool's latest call">
            <span className="whitespace-nowrap">{formatDate(a.lastSeenHour)}</span>,{" "}
            <span className="whitespace-nowrap">
              {formatTime(a.lastSeenHour)}–{formatTime(hourEnd)}
            </span>
          </span>
          <span className="text-xs text-muted-foreground" title="Client addresses in that hour">
            {a.lastSeenAddresses.map((address, i) => (
              <span key={address}>
                {i ? ", " : null}
                <span className="inline-block max-w-full [overflow-wrap:anywhere]">{address}</span>
              </span>
            ))}
          </span>
        </>
      ) : (
        <span className="text-muted-foreground">Not in the last 48 h</span>
      )}
      {signals ? (
        <span className={a.flagged ? "flex items-center gap-1 text-xs font-medium text-amber-700 dark:text-amber-400" : "text-xs text-muted-foreground"}>
          {a.flagged ? <TriangleAlertIcon className="size-3.5 shrink-0" aria-hidden="true" /> : null}
          {a.flagged ? "Suspicious: " : "24 h: "}
          {a.addresses24h} {a.addresses24h === 1 ? "address" : "addresses"}, {a.refusedKeys24h} refused {a.refusedKeys24h === 1 ? "device key" : "device keys"}
        </span>
      ) : null}
    </div>
  );
}

function LicenceActions({ email, licence }: { email: string; licence: AdminLicence }) {
  const [action, setAction] = useState<LicenceActionName | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const label = labelOf(licence);
  const revoked = licence.status === "Revoked";
  // The dialogs open from the menu, so they hand focus back to the row's menu button.
  const returnFocus = (event: Event) => {
    event.preventDefault();
    triggerRef.current?.focus();
  };
  const item = (name: LicenceActionName, icon: ReactNode, text: string, opts: { disabled?: boolean; destructive?: boolean } = {}) => (
    <DropdownMenuItem onSelect={() => setAction(name)} disabled={opts.disabled} variant={opts.destructive ? "destructive" : "default"}>
      {icon}
      {text}
    </DropdownMenuItem>
  );

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={triggerRef} variant="ghost" size="icon" className="size-8 data-[state=open]:bg-accent" aria-label={`Actions for ${label}`}>
            <EllipsisIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuLabel className="truncate text-xs font-normal text-muted-foreground">{label}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {revoked ? (
            <DropdownMenuItem disabled>
              <BanIcon aria-hidden="true" />
              Revoked: no actions
            </DropdownMenuItem>
          ) : (
            <>
              {item("extend", <CalendarPlusIcon aria-hidden="true" />, "Extend…")}
              {licence.suspendedAt
                ? item("resume", <PlayCircleIcon aria-hidden="true" />, "Resume…")
                : item("suspend", <PauseCircleIcon aria-hidden="true" />, "Suspend…")}
              {item("reset-changes", <RotateCcwIcon aria-hidden="true" />, "Reset changes left…")}
              {item("release-device", <UnlinkIcon aria-hidden="true" />, "Release device…", { disabled: !licence.deviceKey })}
              {item("resend-key", <MailIcon aria-hidden="true" />, "Resend key e-mail…")}
              <DropdownMenuSeparator />
              {item("revoke", <BanIcon aria-hidden="true" />, "Revoke…", { destructive: true })}
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <LicenceActionDialog email={email} licence={licence} action={action} onOpenChange={(open) => (open ? undefined : setAction(null))} onCloseAutoFocus={returnFocus} />
    </>
  );
}
