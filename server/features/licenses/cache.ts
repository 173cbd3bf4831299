// Licence rows for the desktop tool's validate call, kept in memory between requests.
//
// Correctness before speed: a cached row must never outlive a change to the licence. Every write
// to `licenses` (any instance, any code path) fires a trigger that notifies 'licence_changed'
// with the buy key (migration 0004); each instance listens and drops that key. While the listener
// is not connected nothing is cached or served from cache, because notifications may be missed.
// A load that races with a change is not kept (the generation check), so an old row read just
// before a change cannot be stored after its invalidation arrived.
import type { Database } from "../../db/client";
import type { licenses } from "../../db/schema";

export type LicenseRow = typeof licenses.$inferSelect;

export const LICENCE_CHANNEL = "licence_changed";

export class LicenseCache {
  private readonly rows = new Map<string, LicenseRow>();
  private generation = 0;
  private live = false;
  private stopListening: (() => Promise<void>) | undefined;
  hits = 0;
  misses = 0;

  constructor(private readonly maxEntries = 100_000) {}

  /** Starts listening for changes; until the listener is live, every read goes to the database. */
  async start(listen: Database["listen"]) {
    this.stopListening = await listen(LICENCE_CHANNEL, {
      onMessage: (buyKey) => (buyKey === "*" ? this.clear() : this.evict(buyKey)),
      onLive: () => {
        this.clear(); // changes made while we were not listening are unknown
        this.live = true;
      },
      onLost: () => {
        this.live = false;
        this.clear();
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
