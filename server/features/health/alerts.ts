// The owner's alerts (decision 064): every minute each instance with WORKERS=on looks at the
// shop's health (read-model.ts) and at what it counted itself (signals.ts), and for each problem
// it sees opens an incident, or for each it no longer sees resolves one. An incident is told to
// the owner once when it opens and once when it clears: a Telegram message (the events
// ops.incident and ops.incident_resolved, through the same deliveries as the sale messages) and an
// e-mail to OWNER_EMAIL, else to every admin account, in the account's language.
//
// Incidents live in owner_incidents, so a restart does not tell the owner again. Two instances
// meet on its partial unique index (one open incident per kind): only the insert that wins sends
// anything. An incident is resolved only when no instance has seen its problem for `resolveAfterMs`
// (every instance that sees it moves last_seen_at), so an instance whose own figures look fine
// cannot clear another's problem, and a problem that flickers does not open a new incident each time.
import { sql } from "drizzle-orm";
import type { AlertSettings } from "../../config";
import type { Db, Tx } from "../../db/client";
import { queryRows } from "../../db/sql-array";
import type { Logger } from "../../lib/logger";
import { enqueueEmail } from "../../providers/email/outbox";
import type { IncidentFacts } from "../../providers/email/templates/owner-alert";
import { recordShopEvent } from "../notifications/events";
import { readShopHealth } from "./read-model";
import { readSignals, type Signals } from "./signals";
import type { ShopHealth } from "../../../contracts/admin";

/** The owner-alerts job's period and name (features/schedule/jobs.ts). */
export const OWNER_ALERTS_EVERY_MS = 60_000;
export const OWNER_ALERTS_JOB = "owner-alerts";
/** An incident is resolved once no instance has seen its problem for this long (three checks). */
export const RESOLVE_AFTER_MS = 3 * OWNER_ALERTS_EVERY_MS;

export interface OwnerAlertDeps {
  db: Db;
  alerts: AlertSettings;
  backups: { dir: string; everyMs?: number };
  baseUrl: string;
  shopTimeZone: string;
  logger: Logger;
  onEmailQueued?: () => void;
  resolveAfterMs?: number;
}

/** One problem as this instance sees it: true (seen), false (clear), undefined (it cannot tell). */
export interface Observation {
  kind: string;
  facts: IncidentFacts;
  seen: boolean | undefined;
}

export interface AlertPass {
  opened: string[];
  resolved: string[];
}

/** The problems in the health figures and the counts since the last check (none on the first). */
export function observe(health: ShopHealth, delta: Signals | undefined, alerts: AlertSettings): Observation[] {
  const out: Observation[] = [];
  out.push({
    kind: "payments_unverified",
    facts: { problem: "payments_unverified", failures: delta?.paymentVerifyFailures ?? 0 },
    seen: delta ? delta.paymentVerifyFailures >= alerts.paymentFailures : undefined,
  });
  const percent = delta && delta.requests ? Math.round((delta.serverErrors * 100) / delta.requests) : 0;
  out.push({
    kind: "server_errors",
    facts: { problem: "server_errors", errors: delta?.serverErrors ?? 0, requests: delta?.requests ?? 0, percent },
    seen: delta ? delta.requests >= alerts.serverErrorMinRequests && delta.serverErrors * 100 >= alerts.serverErrorPercent * delta.requests : undefined,
  });
  const oldest = Math.max(health.emailOutbox.oldestDueSeconds ?? 0, health.deliveries.oldestDueSeconds ?? 0);
  out.push({
    kind: "outbox_backlog",
    facts: { problem: "outbox_backlog", emails: health.emailOutbox.due, deliveries: health.deliveries.due, minutes: Math.floor(oldest / 60) },
    seen: health.emailOutbox.backedUp || health.deliveries.backedUp,
  });
  out.push({
    kind: "backup_failed",
    facts: { problem: "backup_failed", error: health.backup.lastError ?? "" },
    seen: health.backup.configured ? health.backup.failed : undefined,
  });
  for (const worker of health.workers) {
    if (worker.name === OWNER_ALERTS_JOB) continue;
    out.push({ kind: `worker_stalled:${worker.name}`, facts: { problem: "worker_stalled", worker: worker.name, minutes: Math.floor(worker.lagSeconds / 60) }, seen: worker.stalled });
  }
  return out;
}

async function ownerAddresses(tx: Tx, alerts: AlertSettings): Promise<string[]> {
  if (alerts.ownerEmails.length) return alerts.ownerEmails;
  const rows = await queryRows<{ email: string }>(tx, sql`select email from "user" where role = 'admin' order by created_at`);
  return rows.map((r) => r.email);
}

async function tellOwner(tx: Tx, deps: OwnerAlertDeps, incident: { id: string; state: "opened" | "resolved"; facts: IncidentFacts; kind: string; openedAt: string; resolvedAt?: string }) {
  const opened = incident.state === "opened";
  await recordShopEvent(tx, {
    type: opened ? "ops.incident" : "ops.incident_resolved",
    subject: incident.id,
    data: { incidentId: incident.id, kind: incident.kind, ...incident.facts, openedAt: incident.openedAt, ...(incident.resolvedAt ? { resolvedAt: incident.resolvedAt } : {}) },
    dedupeKey: `${opened ? "ops.incident" : "ops.incident_resolved"}:${incident.id}`,
  });
  for (const to of await ownerAddresses(tx, deps.alerts)) {
    await enqueueEmail(tx, {
      to,
      template: "owner-alert",
      props: { state: incident.state, facts: incident.facts, openedAt: incident.openedAt, resolvedAt: incident.resolvedAt, overviewUrl: `${deps.baseUrl}/overview` },
      timeZone: deps.shopTimeZone,
    });
  }
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Opens the kind's incident (and tells the owner) unless one is open; then it was only seen again. */
async function raise(deps: OwnerAlertDeps, o: Observation, now: Date): Promise<boolean> {
  const at = now.toISOString();
  return deps.db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: string; opened_at: Date | string }>(
      tx,
      sql`insert into owner_incidents (kind, opened_at, last_seen_at, details)
          values (${o.kind}, ${at}::timestamptz, ${at}::timestamptz, ${JSON.stringify(o.facts)}::jsonb)
          on conflict (kind) where resolved_at is null do nothing
          returning id, opened_at`,
    );
    if (!row) {
      await tx.execute(sql`update owner_incidents set last_seen_at = greatest(last_seen_at, ${at}::timestamptz) where kind = ${o.kind} and resolved_at is null`);
      return false;
    }
    await tellOwner(tx, deps, { id: row.id, state: "opened", facts: o.facts, kind: o.kind, openedAt: iso(row.opened_at) });
    return true;
  });
}

/** Resolves the kind's open incident (and tells the owner) when nobody has seen it for a while. */
async function clear(deps: OwnerAlertDeps, o: Observation, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const quietMs = deps.resolveAfterMs ?? RESOLVE_AFTER_MS;
  return deps.db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: string; opened_at: Date | string; details: IncidentFacts }>(
      tx,
      sql`update owner_incidents set resolved_at = ${at}::timestamptz
           where kind = ${o.kind} and resolved_at is null and last_seen_at <= ${at}::timestamptz - make_interval(secs => ${quietMs / 1000})
          returning id, opened_at, details`,
    );
    if (!row) return false;
    await tellOwner(tx, deps, { id: row.id, state: "resolved", facts: row.details, kind: o.kind, openedAt: iso(row.opened_at), resolvedAt: at });
    return true;
  });
}

export interface OwnerAlerts {
  /** One check at `now`; `signals` is this instance's counts (signals.ts) unless a test gives them. */
  check(now?: Date, signals?: Signals): Promise<AlertPass>;
}

export function createOwnerAlerts(deps: OwnerAlertDeps): OwnerAlerts {
  let previous: Signals | undefined;
  return {
    async check(now = new Date(), signals = readSignals()) {
      const health = await readShopHealth({ db: deps.db, backups: deps.backups, thresholds: deps.alerts }, now);
      const delta = previous && {
        requests: signals.requests - previous.requests,
        serverErrors: signals.serverErrors - previous.serverErrors,
        paymentVerifyFailures: signals.paymentVerifyFailures - previous.paymentVerifyFailures,
      };
      previous = signals;
      const pass: AlertPass = { opened: [], resolved: [] };
      for (const o of observe(health, delta, deps.alerts)) {
        if (o.seen === true && (await raise(deps, o, now))) pass.opened.push(o.kind);
        if (o.seen === false && (await clear(deps, o, now))) pass.resolved.push(o.kind);
      }
      if (pass.opened.length || pass.resolved.length) {
        deps.logger.warn({ ...pass }, "owner alerts: incidents opened or resolved; the owner is told");
        deps.onEmailQueued?.();
      }
      return pass;
    },
  };
}
