// The price list each instance keeps, serialised, between requests: the landing page's most
// frequent call costs no query and no serialisation. A catalogue change anywhere (any instance,
// the Catalogue page) clears it at once through NOTIFY; without a live listener the entries
// still lapse after `ttlMs`, the time browsers may keep the answer too (max-age).
import type { Listen } from "../../db/notifications";
import { CATALOGUE_CHANNEL } from "./service";

export const PLANS_CACHE_MS = 60_000;

export class PlanListCache {
  private readonly entries = new Map<string, { body: string; until: number }>();
  private stopListening: (() => Promise<void>) | undefined;

  constructor(readonly ttlMs = PLANS_CACHE_MS) {}

  async start(listen: Listen) {
    const clear = () => this.entries.clear();
    this.stopListening = await listen(CATALOGUE_CHANNEL, { onMessage: clear, onLive: clear, onLost: clear });
  }

  async stop() {
    this.entries.clear();
    await this.stopListening?.();
  }

  /** The kept answer for `key`, or `make`'s, kept until the TTL or the next catalogue change. */
  async get(key: string, make: () => Promise<string>): Promise<string> {
    const entry = this.entries.get(key);
    if (entry && entry.until > Date.now()) return entry.body;
    const body = await make();
    this.entries.set(key, { body, until: Date.now() + this.ttlMs });
    return body;
  }

  /** This instance changed the catalogue: its next answer is fresh without waiting for the notice. */
  clear() {
    this.entries.clear();
  }
}
