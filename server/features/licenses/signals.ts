// Abuse signals for the seller: per licence, the distinct client addresses and refused device
// keys of the last 24 hours. The licence API is the hot path, so a call only touches memory: each
// instance remembers what it already wrote this hour and writes new (licence, kind, value, hour)
// tuples in one batched statement every few seconds. A worker compares the counts with the
// thresholds, keeps one row per flagged licence and day, and writes the `licence.suspicious`
// audit event the first time a licence is flagged on a day (also with several instances).
import { sql } from "drizzle-orm";
import type { SuspiciousLicense } from "../../../contracts/admin";
import type { LicenseActivity } from "../../../contracts/customers";
import type { Db } from "../../db/client";
import { pgArray, queryRows } from "../../db/sql-array";
import { recordShopEvent } from "../notifications/events";
import type { SuspicionThresholds } from "../../config";

const HOUR_MS = 3_600_000;
/** Distinct tuples remembered per hour and instance; beyond it new signals are dropped (memory stays bounded). */
const MAX_PER_HOUR = 200_000;
const MAX_VALUE = 200;
const KEEP_HOURS = 48;

export type SignalKind = "address" | "refused_key";

export class LicenseSignals {
  private seen = new Set<string>();
  private hour = 0;
  private pending: Array<{ licenceId: string; kind: SignalKind; value: string; hour: number }> = [];
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> | undefined;
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    flushMs = 5000,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  record(licenseId: string, kind: SignalKind, rawValue: string, now = Date.now()) {
    const hour = Math.floor(now / HOUR_MS);
    if (hour !== this.hour) {
      this.hour = hour;
      this.seen.clear();
    }
    const value = rawValue.slice(0, MAX_VALUE);
    const key = `${licenseId}|${kind}|${value}`;
    if (this.seen.has(key) || this.seen.size >= MAX_PER_HOUR) return;
    this.seen.add(key);
    this.pending.push({ licenceId: licenseId, kind, value, hour });
  }

  flush(): Promise<void> {
    this.flushing ??= this.doFlush().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async doFlush() {
    const batch = this.pending;
    this.pending = [];
    try {
      if (batch.length) {
        await this.db.execute(sql`
          insert into licence_signals (licence_id, hour, kind, value)
          select l, to_timestamp(h::bigint * 3600), k, v
          from unnest(${pgArray(batch.map((b) => b.licenceId))}::uuid[], ${pgArray(batch.map((b) => b.hour))}::bigint[],
                      ${pgArray(batch.map((b) => b.kind))}::text[], ${pgArray(batch.map((b) => b.value))}::text[]) as t(l, h, k, v)
          on conflict do nothing`);
      }
      if (Date.now() - this.lastPrune > HOUR_MS) {
        this.lastPrune = Date.now();
        await this.db.execute(sql`delete from licence_signals where hour < now() - make_interval(hours => ${KEEP_HOURS})`);
      }
    } catch (err) {
      this.pending.unshift(...batch); // try again next time
      this.onError(err);
    }
  }

  async stop() {
    clearInterval(this.timer);
    await this.flush();
  }
}

/**
 * Flags licences above a threshold over the last 24 hours (the current hour and the 23 before).
 * Returns the licences flagged for the first time today; only those get an audit event.
 */
export async function flagSuspiciousLicenses({ db, thresholds, now = new Date() }: { db: Db; thresholds: SuspicionThresholds; now?: Date }): Promise<string[]> {
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ target_id: string; after: { addresses: number; refusedKeys: number }; email: string }>(
      tx,
      sql`with counts as (
            select licence_id,
                   count(distinct value) filter (where kind = 'address')::int as addresses,
                   count(distinct value) filter (where kind = 'refused_key')::int as refused
            from licence_signals
            where hour >= date_trunc('hour', ${at}::timestamptz) - interval '23 hours'
            group by licence_id
          ),
          flagged as (
            select c.* from counts c join licenses l on l.id = c.licence_id
            where c.addresses > ${thresholds.addresses} or c.refused > ${thresholds.refusedKeys}
          ),
          upserted as (
            insert into licence_suspicions (licence_id, day, addresses, refused_keys, first_seen_at, updated_at)
            select licence_id, (${at}::timestamptz at time zone 'UTC')::date, addresses, refused, ${at}::timestamptz, ${at}::timestamptz from flagged
            on conflict (licence_id, day) do update set
              addresses = greatest(licence_suspicions.addresses, excluded.addresses),
              refused_keys = greatest(licence_suspicions.refused_keys, excluded.refused_keys),
              updated_at = excluded.updated_at
            returning licence_id, addresses, refused_keys, (xmax::text = '0') as first
          )
          insert into audit_log (actor_email, action, target_type, target_id, after, note)
          select 'system', 'licence.suspicious', 'licence', licence_id::text,
                 jsonb_build_object('addresses', addresses, 'refusedKeys', refused_keys,
                                    'thresholds', jsonb_build_object('addresses', ${thresholds.addresses}::int, 'refusedKeys', ${thresholds.refusedKeys}::int)),
                 format('In 24 hours: %s client addresses, %s refused device keys', addresses, refused_keys)
          from upserted where first
          returning target_id, after, (select email from licenses where id = target_id::uuid) as email`,
    );
    // The seller hears of it too (Telegram's "suspicious licence"), in the same transaction, once a day.
    const day = at.slice(0, 10);
    for (const r of rows) {
      await recordShopEvent(tx, {
        type: "licence.suspicious",
        subject: r.target_id,
        data: { licenceId: r.target_id, email: r.email, addresses: r.after.addresses, refusedKeys: r.after.refusedKeys, thresholds },
        dedupeKey: `licence.suspicious:${r.target_id}:${day}`,
      });
    }
    return rows.map((r) => r.target_id);
  });
}

/** The Overview's list: licences flagged in the last 24 hours, the most signals first. */
export async function listSuspiciousLicenses({ db, now = new Date(), limit = 20 }: { db: Db; now?: Date; limit?: number }): Promise<SuspiciousLicense[]> {
  const rows = await queryRows<{ licence_id: string; buy_key: string; email: string; license_key: string | null; addresses: number; refused_keys: number; first_seen_at: string | Date; updated_at: string | Date }>(
    db,
    sql`select * from (
          select distinct on (s.licence_id) s.licence_id, l.buy_key, l.email, l.license_key, s.addresses, s.refused_keys, s.first_seen_at, s.updated_at
          from licence_suspicions s join licenses l on l.id = s.licence_id
          where s.day >= (${now.toISOString()}::timestamptz at time zone 'UTC')::date - 1
            and s.updated_at >= ${now.toISOString()}::timestamptz - interval '24 hours'
          order by s.licence_id, s.updated_at desc
        ) latest
        order by addresses + refused_keys desc, updated_at desc
        limit ${limit}`,
  );
  return rows.map((r) => ({
      licenceId: r.licence_id,
      buyKey: r.buy_key,
      email: r.email,
      deviceKey: r.license_key,
      addresses: Number(r.addresses),
      refusedKeys: Number(r.refused_keys),
      flaggedAt: new Date(r.first_seen_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    }));
}

/**
 * What the licence API saw of these licences (the customer's page): the latest hour with a call
 * and its client addresses ("last seen in the hour from 13:00, from 1.2.3.4"), and the last 24
 * hours' counts. Read from the signals the API already writes: the validate path gains no write.
 * One statement, bounded by the ids given (the page's licences) and the primary key's prefix.
 */
export async function licenseActivity({ db, licenseIds, now = new Date() }: { db: Db; licenseIds: string[]; now?: Date }): Promise<Map<string, LicenseActivity>> {
  const out = new Map<string, LicenseActivity>();
  if (!licenseIds.length) return out;
  const at = now.toISOString();
  const rows = await queryRows<{ id: string; last_hour: string | Date | null; last_addresses: string[] | string | null; addresses: number | null; refused: number | null; flagged: boolean }>(
    db,
    sql`with ids as (select unnest(${pgArray(licenseIds)}::uuid[]) as id),
        last_hour as (
          select s.licence_id, max(s.hour) as hour from licence_signals s
          where s.licence_id in (select id from ids) and s.kind = 'address'
          group by s.licence_id
        ),
        last_addresses as (
          select h.licence_id, h.hour, array_agg(s.value order by s.value) as addresses
          from last_hour h join licence_signals s on s.licence_id = h.licence_id and s.kind = 'address' and s.hour = h.hour
          group by h.licence_id, h.hour
        ),
        day as (
          select licence_id,
                 count(distinct value) filter (where kind = 'address')::int as addresses,
                 count(distinct value) filter (where kind = 'refused_key')::int as refused
          from licence_signals
          where licence_id in (select id from ids) and hour >= date_trunc('hour', ${at}::timestamptz) - interval '23 hours'
          group by licence_id
        ),
        flagged as (
          select distinct licence_id from licence_suspicions
          where licence_id in (select id from ids) and updated_at >= ${at}::timestamptz - interval '24 hours'
        )
        select ids.id::text as id, a.hour as last_hour, a.addresses as last_addresses, d.addresses, d.refused, (f.licence_id is not null) as flagged
        from ids
        left join last_addresses a on a.licence_id = ids.id
        left join day d on d.licence_id = ids.id
        left join flagged f on f.licence_id = ids.id`,
  );
  for (const r of rows) {
    out.set(r.id, {
      lastSeenHour: r.last_hour ? new Date(r.last_hour).toISOString() : null,
      lastSeenAddresses: parseTextArray(r.last_addresses),
      addresses24h: Number(r.addresses ?? 0),
      refusedKeys24h: Number(r.refused ?? 0),
      flagged: r.flagged === true,
    });
  }
  return out;
}

/** A text[] from either driver: node-postgres gives an array, PGlite may give '{a,b}'. */
function parseTextArray(value: string[] | string | null): string[] {
  if (!value) return [];
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, "");
  return inner ? inner.split(",").map((v) => v.replace(/^"|"$/g, "")) : [];
}
