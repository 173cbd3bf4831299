// Sessions ended anywhere reach every instance's session cache within a moment (issue #26).
//
// A customer's session is verified from better-auth's signed cookie cache (and the memo of verified
// cookies) without a database read for SESSION_CACHE_SECONDS (decision 030). A session deleted in
// the database (sign-out, a password reset, a super-admin's reset) announces its id at commit
// (migration 0020); each instance listens and, for a while longer than any cached copy can live,
// reads that session from the database instead (where it is gone). While the listener is not live
// nothing cached is trusted (notifications may be missed), and once it is live again only copies
// signed after that moment are: whatever ended before may have gone unheard. A copy signed earlier
// is read from the database once, which signs a fresh one.
import type { Database } from "../db/client";

export const SESSION_REVOKED_CHANNEL = "session_revoked";

/** How long an ended session is remembered: the cookie cache's age, and a margin for clocks. */
export const sessionHoldMs = (cacheSeconds: number) => (cacheSeconds + 5) * 1000;

export class SessionRevocations {
  private readonly revoked = new Map<string, number>();
  private live = false;
  /** Cached copies signed before this instant are not trusted (listening since, or a TRUNCATE). */
  private trustedSince = Number.POSITIVE_INFINITY;
  private stopListening: (() => Promise<void>) | undefined;

  /** `holdMs`: how long a cached copy can live (the cookie cache's max age), plus a margin. */
  constructor(
    private readonly holdMs: number,
    private readonly maxEntries = 100_000,
  ) {}

  async start(listen: Database["listen"]) {
    this.stopListening = await listen(SESSION_REVOKED_CHANNEL, {
      onMessage: (id) => (id === "*" ? this.distrustAll() : this.revoke(id)),
      onLive: () => {
        this.distrustAll();
        this.live = true;
      },
      onLost: () => {
        this.live = false;
      },
    });
  }

  async stop() {
    this.live = false;
    await this.stopListening?.();
  }

  /**
   * Whether a session verified from a cache (not read from the database now) may be believed:
   * `signedAt` is when its cached copy was signed (ms), undefined when unknown.
   */
  trusts(sessionId: unknown, signedAt: number | undefined, now = Date.now()): boolean {
    if (!this.live || typeof sessionId !== "string") return false;
    if (now < this.trustedSince + this.holdMs && (signedAt === undefined || signedAt < this.trustedSince)) return false;
    const until = this.revoked.get(sessionId);
    if (until === undefined) return true;
    if (now < until) return false;
    this.revoked.delete(sessionId);
    return true;
  }

  revoke(sessionId: string, now = Date.now()) {
    if (this.revoked.size >= this.maxEntries) this.prune(now);
    this.revoked.set(sessionId, now + this.holdMs);
  }

  private distrustAll(now = Date.now()) {
    this.trustedSince = now;
  }

  private prune(now: number) {
    for (const [id, until] of this.revoked) if (until <= now) this.revoked.delete(id);
    // Still full of live entries: distrust every cache for a while rather than forget one.
    if (this.revoked.size >= this.maxEntries) {
      this.revoked.clear();
      this.distrustAll(now);
    }
  }
}
