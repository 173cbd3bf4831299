// Which instances' licence caches are listening, and the acknowledgements a licence change waits
// for before it is answered (decision 071).
//
// Each instance whose listener is live keeps a row in `license_listeners` fresh (a heartbeat every
// HEARTBEAT_MS). A writer, once its change committed, sends "#sync <token>" on the licence channel
// and, in the same statement, reads the instances seen within PRESENCE_TTL_MS. PostgreSQL delivers
// notifications to each listener in commit order, so an instance that reads the sync notice has
// already read (and acted on) the change's own notice; it answers "#ack <token> <instance>". The
// writer answers its caller once every instance it read has acknowledged, or after its bound.
// An instance registered after that read went live after the change committed: it holds nothing
// older, so nobody needs to wait for it.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export const HEARTBEAT_MS = 2000;
/** A row not moved for three heartbeats is an instance gone (killed, cut off): nobody waits for it. */
export const PRESENCE_TTL_MS = 3 * HEARTBEAT_MS;
/**
 * How long after a heartbeat was sent an instance still serves from memory: a second less than
 * writers keep counting it, so an instance writers stopped waiting for has stopped serving.
 */
export const TRUST_MS = PRESENCE_TTL_MS - 1000;
/** How long a writer waits for the acknowledgements before answering anyway. */
export const ACK_TIMEOUT_MS = 1500;
export const SYNC_PREFIX = "#sync ";
export const ACK_PREFIX = "#ack ";

/** Where presence is kept and notices are sent: the database (a fake one in the unit tests). */
export interface PresenceStore {
  /** Marks `instanceId` seen now (`fresh`: it (re)started listening, old rows are swept). */
  beat(instanceId: string, fresh: boolean): Promise<void>;
  leave(instanceId: string): Promise<void>;
  /** Sends the sync notice for `token` and returns the instances seen within the TTL. */
  sync(token: string): Promise<string[]>;
  ack(token: string, instanceId: string): Promise<void>;
}

export function databasePresence(db: Db, channel: string): PresenceStore {
  const ttl = sql.raw(`interval '${PRESENCE_TTL_MS} milliseconds'`);
  return {
    async beat(instanceId, fresh) {
      await db.execute(sql`insert into license_listeners (instance_id) values (${instanceId})
        on conflict (instance_id) do update set seen_at = now(), live_since = case when ${sql.raw(fresh ? "true" : "false")} then now() else license_listeners.live_since end`);
      if (fresh) await db.execute(sql`delete from license_listeners where seen_at < now() - interval '1 hour'`);
    },
    async leave(instanceId) {
      await db.execute(sql`delete from license_listeners where instance_id = ${instanceId}`);
    },
    async sync(token) {
      // One statement: the notice goes out when it commits, after the rows were read.
      const result = await db.execute(sql`select pg_notify(${channel}, ${SYNC_PREFIX + token}) as sent,
        (select coalesce(string_agg(instance_id, ' '), '') from license_listeners where seen_at > now() - ${ttl}) as live`);
      const live = (result as unknown as { rows: Array<{ live: string }> }).rows[0]?.live ?? "";
      return live.split(" ").filter(Boolean);
    },
    async ack(token, instanceId) {
      await db.execute(sql`select pg_notify(${channel}, ${`${ACK_PREFIX}${token} ${instanceId}`})`);
    },
  };
}

export interface Settled {
  waitedMs: number;
  /** The instances seen that did not acknowledge in time (empty: every live instance dropped the licence). */
  missing: string[];
  error?: unknown;
}

interface Pending {
  acked: Set<string>;
  check(): void;
}

/** The writer's side: one wait per change, ended by the acknowledgements heard on the channel. */
export class AckWaits {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly store: PresenceStore,
    private readonly timeoutMs = ACK_TIMEOUT_MS,
  ) {}

  /** A "#ack" notice's payload (after the prefix): "<token> <instance>". */
  heard(payload: string) {
    const [token, instanceId] = payload.split(" ");
    const wait = token && instanceId ? this.pending.get(token) : undefined;
    if (!wait) return;
    wait.acked.add(instanceId!);
    wait.check();
  }

  /** Resolves once every live instance acknowledged a change committed before the call, or after the bound. */
  async settle(): Promise<Settled> {
    const started = performance.now();
    const token = randomUUID();
    const acked = new Set<string>();
    let need: string[] | undefined;
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    // Acknowledgements may arrive before the statement's own answer: they are collected from now.
    this.pending.set(token, { acked, check: () => need?.every((id) => acked.has(id)) && done() });
    const timer = setTimeout(done, this.timeoutMs);
    try {
      need = await this.store.sync(token);
      this.pending.get(token)!.check();
      await finished;
      return { waitedMs: performance.now() - started, missing: need.filter((id) => !acked.has(id)) };
    } catch (error) {
      return { waitedMs: performance.now() - started, missing: [], error };
    } finally {
      clearTimeout(timer);
      this.pending.delete(token);
    }
  }
}
