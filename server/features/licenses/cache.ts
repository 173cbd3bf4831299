// Licence rows for the desktop tool's validate call, kept in memory between requests.
//
// Correctness before speed: a cached row must never outlive a change to the licence. Every write
// to `licenses` (any instance, any code path) fires a trigger that notifies 'licence_changed'
// with the buy key (migration 0004); each instance listens and drops that key. While the listener
// is not connected nothing is cached or served from cache, because notifications may be missed.
// A load that races with a change is not kept (the generation check), so an old row read just
// before a change cannot be stored after its invalidation arrived.
//
// Notifications reach the other instances a moment after the change commits (hundreds of
// milliseconds on a busy machine, found by the crash drill, decision 069). So that a validate sent
// to any instance after a revoke, suspend or key change was answered reflects it, those answers
// wait (`settle`, at most 1.5 s) until every instance whose listener is live acknowledged it had
// dropped the licence (cache-acks.ts, decision 071). An instance serves from memory only while its
// presence row is surely fresh in the writers' eyes; otherwise it reads the database.
import { randomUUID } from "node:crypto";
import type { Database } from "../../db/client";
import type { licenses } from "../../db/schema";
import { ACK_PREFIX, AckWaits, databasePresence, HEARTBEAT_MS, SYNC_PREFIX, TRUST_MS, type PresenceStore, type Settled } from "./cache-acks";

export type LicenseRow = typeof licenses.$inferSelect;

export const LICENCE_CHANNEL = "licence_changed";

export class LicenseCache {
  private readonly rows = new Map<string, LicenseRow>();
  private generation = 0;
  private live = false;
  /** Memory is served until then (performance.now()): the last heartbeat's start plus TRUST_MS. */
  private trustedUntil = 0;
  /** Bumped when the listener comes or goes: a heartbeat begun before does not count after. */
  private epoch = 0;
  private beats: NodeJS.Timeout | undefined;
  /** The epoch whose heartbeat is queued or running (one at a time). */
  private beating = -1;
  /** Heartbeats and leaving, one after the other: a late heartbeat must not bring back a row just deleted. */
  private presence: Promise<unknown> = Promise.resolve();
  private store: PresenceStore | undefined;
  private acks: AckWaits | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  readonly instanceId = randomUUID();
  hits = 0;
  misses = 0;
  /** Changes answered before every live instance acknowledged them (the bound ran out). */
  unacknowledged = 0;

  constructor(
    private readonly maxEntries = 100_000,
    private readonly onTrouble: (what: string, details: object) => void = () => {},
  ) {}

  /** Starts listening for changes; until the listener is live, every read goes to the database. */
  async start(database: Pick<Database, "db" | "listen">, store: PresenceStore = databasePresence(database.db, LICENCE_CHANNEL)) {
    this.store = store;
    this.acks = new AckWaits(store);
    this.stopListening = await database.listen(LICENCE_CHANNEL, {
      onMessage: (payload) => this.onMessage(payload),
      onLive: () => {
        this.epoch++;
        this.clear(); // changes made while we were not listening are unknown
        this.live = true;
        this.trustedUntil = 0; // served from memory once this instance's presence is recorded
        clearInterval(this.beats);
        this.beats = setInterval(() => this.beat(), HEARTBEAT_MS);
        this.beats.unref?.();
        this.beat();
      },
      onLost: () => {
        this.epoch++;
        this.live = false;
        this.trustedUntil = 0;
        this.clear();
        clearInterval(this.beats);
        // Writers need not wait for an instance that cannot hear them (best effort: the row expires).
        void this.leave();
      },
    });
  }

  async stop() {
    this.epoch++;
    this.live = false;
    this.trustedUntil = 0;
    clearInterval(this.beats);
    this.clear();
    await this.leave();
    await this.stopListening?.();
  }

  /** Listening, and seen by writers: memory may be served. */
  get isLive() {
    return this.live && performance.now() < this.trustedUntil;
  }

  private onMessage(payload: string) {
    if (payload.startsWith(SYNC_PREFIX)) {
      // Every notice sent before this one was read: the writer's change has been acted on.
      const token = payload.slice(SYNC_PREFIX.length);
      this.store?.ack(token, this.instanceId).catch((err: unknown) => this.onTrouble("licence cache: acknowledgement not sent", { err }));
    } else if (payload.startsWith(ACK_PREFIX)) {
      this.acks?.heard(payload.slice(ACK_PREFIX.length));
    } else if (payload === "*") this.clear();
    else this.evict(payload);
  }

  private leave() {
    const store = this.store;
    this.presence = this.presence.then(() => store?.leave(this.instanceId)).catch(() => {});
    return this.presence;
  }

  private beat() {
    const epoch = this.epoch;
    if (this.beating === epoch || !this.live || !this.store) return;
    this.beating = epoch;
    this.presence = this.presence.then(() => this.beatNow(epoch)).finally(() => this.beating === epoch && (this.beating = -1));
  }

  private async beatNow(epoch: number) {
    if (epoch !== this.epoch || !this.store) return;
    const sent = performance.now();
    const lapsed = sent >= this.trustedUntil;
    try {
      await this.store.beat(this.instanceId, lapsed);
      if (epoch !== this.epoch) return;
      // After a lapse writers may have stopped waiting for this instance: what it kept is dropped.
      if (performance.now() >= this.trustedUntil) this.clear();
      this.trustedUntil = sent + TRUST_MS;
    } catch (err) {
      this.onTrouble("licence cache: heartbeat failed", { err });
    }
  }

  /** The cached row, or `load`'s answer (kept only if nothing changed while it was loading). */
  async get(buyKey: string, load: (buyKey: string) => Promise<LicenseRow | undefined>): Promise<LicenseRow | undefined> {
    if (this.isLive) {
      const cached = this.rows.get(buyKey);
      if (cached) {
        this.hits++;
        return cached;
      }
    }
    this.misses++;
    const generation = this.generation;
    const row = await load(buyKey);
    // Unknown keys are not cached: random probing must not fill memory.
    if (row && this.isLive && generation === this.generation) this.remember(buyKey, row);
    return row;
  }

  /**
   * Resolves once every instance whose listener is live dropped what it held of licences changed
   * before the call (their acknowledgements), or after the bound; the change is answered then.
   */
  async settle(): Promise<Settled | undefined> {
    const settled = await this.acks?.settle();
    if (settled && (settled.missing.length > 0 || settled.error)) {
      this.unacknowledged++;
      this.onTrouble("licence cache: a change answered before every instance acknowledged it", { missing: settled.missing, waitedMs: Math.round(settled.waitedMs), err: settled.error });
    }
    return settled;
  }

  evict(buyKey: string) {
    this.generation++;
    this.rows.delete(buyKey);
  }

  clear() {
    this.generation++;
    this.rows.clear();
  }

  private remember(buyKey: string, row: LicenseRow) {
    if (this.rows.size >= this.maxEntries) {
      // Map keeps insertion order: drop the oldest entry.
      const oldest = this.rows.keys().next().value;
      if (oldest !== undefined) this.rows.delete(oldest);
    }
    this.rows.set(buyKey, row);
  }
}
