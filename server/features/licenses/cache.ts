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
// wait (`heard`, at most a second) until this instance's own listener heard the change: PostgreSQL
// sends a notification to every listener at once.
import type { Database } from "../../db/client";
import type { licenses } from "../../db/schema";

export type LicenseRow = typeof licenses.$inferSelect;

export const LICENCE_CHANNEL = "licence_changed";

export class LicenseCache {
  private readonly rows = new Map<string, LicenseRow>();
  private generation = 0;
  private live = false;
  /** When each buy key's change was last heard (performance.now(); bounded), and who waits for one. */
  private readonly heardAt = new Map<string, number>();
  private readonly waiting = new Map<string, Set<() => void>>();
  private stopListening: (() => Promise<void>) | undefined;
  hits = 0;
  misses = 0;

  constructor(private readonly maxEntries = 100_000) {}

  /** Starts listening for changes; until the listener is live, every read goes to the database. */
  async start(listen: Database["listen"]) {
    this.stopListening = await listen(LICENCE_CHANNEL, {
      onMessage: (buyKey) => {
        if (buyKey === "*") this.clear();
        else this.evict(buyKey);
        this.hear(buyKey);
      },
      onLive: () => {
        this.clear(); // changes made while we were not listening are unknown
        this.live = true;
      },
      onLost: () => {
        this.live = false;
        this.clear();
        this.hear("*");
      },
    });
  }

  async stop() {
    this.live = false;
    this.clear();
    await this.stopListening?.();
  }

  get isLive() {
    return this.live;
  }

  /** The cached row, or `load`'s answer (kept only if nothing changed while it was loading). */
  async get(buyKey: string, load: (buyKey: string) => Promise<LicenseRow | undefined>): Promise<LicenseRow | undefined> {
    if (this.live) {
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
    if (row && this.live && generation === this.generation) this.remember(buyKey, row);
    return row;
  }

  /**
   * Resolves once this instance's listener heard a change of `buyKey` made after `since` (a
   * performance.now() taken before the write), or after `timeoutMs`; at once when not listening.
   */
  async heard(buyKey: string, since: number, timeoutMs = 1000): Promise<void> {
    if (!this.live || (this.heardAt.get(buyKey) ?? -1) >= since) return;
    let done!: () => void;
    const seen = new Promise<void>((resolve) => (done = resolve));
    const set = this.waiting.get(buyKey) ?? new Set<() => void>();
    set.add(done);
    this.waiting.set(buyKey, set);
    const timer = setTimeout(done, timeoutMs);
    await seen;
    clearTimeout(timer);
    set.delete(done);
    if (set.size === 0 && this.waiting.get(buyKey) === set) this.waiting.delete(buyKey);
  }

  private hear(buyKey: string) {
    if (buyKey === "*") {
      for (const set of this.waiting.values()) set.forEach((done) => done());
      return;
    }
    this.heardAt.delete(buyKey); // re-inserted last: the oldest go first
    this.heardAt.set(buyKey, performance.now());
    if (this.heardAt.size > 10_000) this.heardAt.delete(this.heardAt.keys().next().value!);
    this.waiting.get(buyKey)?.forEach((done) => done());
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
