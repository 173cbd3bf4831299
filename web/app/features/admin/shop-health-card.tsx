// The Overview's "Shop health" card (issue #32 item 5, decision 064): the background jobs' lag,
// the e-mail outbox's and the deliveries' backlogs, the last payment reconciliation, the last
// backup and the owner's open incidents. Each figure says its state in words (OK, Needs
// attention, Not configured), never by colour alone; a labelled list that stacks on a phone.
import type { ReactNode } from "react";
import { AlertTriangleIcon, CheckCircle2Icon, MinusCircleIcon } from "lucide-react";

import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { useDates } from "~/lib/dates";
import type { TFunction } from "~/lib/i18n";
import { errorMessage } from "~/lib/errors";

import type { ShopHealth } from "./api";
import { useAdminCopy } from "./copy";
import { useShopHealth } from "./queries";

type State = "ok" | "attention" | "off" | "absent";

const STATE_ICONS = { ok: CheckCircle2Icon, attention: AlertTriangleIcon, off: MinusCircleIcon, absent: MinusCircleIcon } as const;

/** An age in seconds as the reader's words: "45 s", "12 min", "3 h", "2 d". */
export function formatAge(t: TFunction, seconds: number): string {
  if (seconds < 120) return t("overview.health.age.seconds", { count: seconds });
  if (seconds < 2 * 3600) return t("overview.health.age.minutes", { count: Math.floor(seconds / 60) });
  if (seconds < 2 * 86_400) return t("overview.health.age.hours", { count: Math.floor(seconds / 3600) });
  return t("overview.health.age.days", { count: Math.floor(seconds / 86_400) });
}

function StateBadge({ state }: { state: State }) {
  const { t } = useAdminCopy();
  const Icon = STATE_ICONS[state];
  return (
    <Badge variant={state === "attention" ? "destructive" : state === "ok" ? "secondary" : "outline"} data-state={state}>
      <Icon aria-hidden="true" />
      {t(`overview.health.states.${state}`)}
    </Badge>
  );
}

function Row({ label, state, testId, children }: { label: string; state: State; testId: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b py-3 last:border-b-0 sm:grid-cols-[14rem_1fr_auto] sm:items-start sm:gap-4" data-testid={testId}>
      <dt className="text-sm font-medium">{label}</dt>
      <dd className="min-w-0 text-sm text-muted-foreground">{children}</dd>
      <dd className="sm:justify-self-end">
        <StateBadge state={state} />
      </dd>
    </div>
  );
}

function backlogText(t: TFunction, b: ShopHealth["emailOutbox"]): string {
  const figures = t("overview.health.backlog.figures", { due: b.due, pending: b.pending, retrying: b.retrying, failed: b.failed });
  const oldest = b.oldestDueSeconds === null ? t("overview.health.backlog.nothingDue") : t("overview.health.backlog.oldest", { age: formatAge(t, b.oldestDueSeconds) });
  return `${figures}; ${oldest}`;
}

/** An incident's kind ("outbox_backlog", "worker_stalled:renewals") in the reader's words. */
function incidentName(t: TFunction, kind: string): string {
  const [problem = kind, worker = ""] = kind.split(":");
  const workerName = worker ? t(`overview.health.workers.names.${worker}`, { defaultValue: worker }) : "";
  return t(`overview.health.incidents.kinds.${problem}`, { worker: workerName, defaultValue: kind });
}

export function ShopHealthCard() {
  const { t } = useAdminCopy();
  const query = useShopHealth();
  const data = query.data;

  let body: ReactNode;
  if (!data) body = query.isError ? <p className="text-sm text-destructive">{`${t("overview.health.error")}: ${errorMessage(query.error)}`}</p> : <Skeleton className="h-48 w-full" />;
  else body = <HealthFigures health={data} />;

  return (
    <Card data-testid="shop-health">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h2>{t("overview.health.title")}</h2>
          {data ? <StateBadge state={data.attention ? "attention" : "ok"} /> : null}
        </CardTitle>
        <CardDescription>
          {data ? `${t(data.attention ? "overview.health.summary.attention" : "overview.health.summary.ok")} ` : null}
          {t("overview.health.description")}
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function HealthFigures({ health }: { health: ShopHealth }) {
  const { t } = useAdminCopy();
  const { formatDateTime } = useDates();
  const h = "overview.health";
  const stalled = health.workers.some((w) => w.stalled);
  const rec = health.reconciliation;
  const backup = health.backup;

  let backupText: string;
  if (!backup.configured && !backup.lastAt) backupText = t(`${h}.backup.off`);
  else if (!backup.lastAt) backupText = t(`${h}.backup.none`);
  else {
    const last = backup.lastOk ? t(`${h}.backup.ok`, { when: formatDateTime(backup.lastAt) }) : t(`${h}.backup.failed`, { when: formatDateTime(backup.lastAt), error: backup.lastError ?? "" });
    const good = backup.lastGoodAt ? t(`${h}.backup.lastGood`, { when: formatDateTime(backup.lastGoodAt) }) : t(`${h}.backup.noGood`);
    backupText = backup.lastOk ? last : `${last}; ${good}`;
    if (!backup.configured) backupText = `${backupText}. ${t(`${h}.backup.off`)}`;
  }
  const backupState: State = !backup.configured ? "off" : backup.failed ? "attention" : "ok";

  return (
    <dl aria-label={t(`${h}.listLabel`)}>
      <Row label={t(`${h}.workers.label`)} state={health.workers.length === 0 ? "absent" : stalled ? "attention" : "ok"} testId="health-workers">
        {health.workers.length === 0 ? (
          t(`${h}.workers.none`)
        ) : (
          <>
            <span>{t(`${h}.workers.summary`, { count: health.workers.length })}</span>
            <ul className="mt-1 grid gap-0.5" aria-label={t(`${h}.workers.listLabel`)}>
              {health.workers.map((w) => (
                <li key={w.name} className="flex flex-wrap gap-x-2">
                  {/* The job's name in words; a job this page does not know yet shows its id. */}
                  <span className="font-medium text-foreground">{t(`${h}.workers.names.${w.name}`, { defaultValue: w.name })}</span>
                  <span>
                    {w.lastSuccessAt ? t(`${h}.workers.lag`, { age: formatAge(t, w.lagSeconds) }) : t(`${h}.workers.never`, { age: formatAge(t, w.lagSeconds) })}
                    {w.failingInARow > 0 ? `; ${t(`${h}.workers.failing`, { count: w.failingInARow })}` : null}
                  </span>
                  {w.stalled ? <span className="font-medium text-destructive">{t(`${h}.states.attention`)}</span> : null}
                </li>
              ))}
            </ul>
          </>
        )}
      </Row>
      <Row label={t(`${h}.outbox.label`)} state={health.emailOutbox.backedUp ? "attention" : "ok"} testId="health-outbox">
        {backlogText(t, health.emailOutbox)}
      </Row>
      <Row label={t(`${h}.deliveries.label`)} state={health.deliveries.backedUp ? "attention" : "ok"} testId="health-deliveries">
        {backlogText(t, health.deliveries)}
      </Row>
      <Row label={t(`${h}.reconciliation.label`)} state={!rec ? "absent" : rec.stalled ? "attention" : "ok"} testId="health-reconciliation">
        {!rec
          ? t(`${h}.reconciliation.absent`)
          : rec.at
            ? t(`${h}.reconciliation.figures`, { when: formatDateTime(rec.at), checked: rec.checked, settled: rec.settled, refunds: rec.refundsApplied })
            : t(`${h}.reconciliation.never`)}
      </Row>
      <Row label={t(`${h}.backup.label`)} state={backupState} testId="health-backup">
        {backupText}
      </Row>
      <Row label={t(`${h}.incidents.label`)} state={health.openIncidents.length ? "attention" : "ok"} testId="health-incidents">
        {health.openIncidents.length === 0 ? (
          t(`${h}.incidents.none`)
        ) : (
          <ul className="grid gap-0.5" aria-label={t(`${h}.incidents.listLabel`)}>
            {health.openIncidents.map((i) => (
              <li key={i.kind}>
                {incidentName(t, i.kind)} · {t(`${h}.incidents.since`, { when: formatDateTime(i.openedAt) })}
              </li>
            ))}
          </ul>
        )}
      </Row>
    </dl>
  );
}
