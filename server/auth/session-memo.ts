// Verified session cookies remembered until the cookie cache's own expiry (decision 030).
//
// With better-auth's cookie cache a customer's request needs no database read, but verifying the
// signed session_data cookie still ran better-auth's whole endpoint pipeline (async context,
// WebCrypto HMAC, JSON) on every request: most of /api/me's time (docs/benchmarks.md). The same
// browser sends the same cookies request after request, so the first verification's result is
// kept for exactly the Cookie header it came from, and only until the expiry signed into that
// session_data cookie. Revocation and role changes therefore take effect within the very bound
// the cookie cache already states (SESSION_CACHE_SECONDS); nothing is trusted longer. Bounded in
// size; only sessions the cache may answer for (never an admin's: they are read from the
// database) are remembered.

type Session = { user: Record<string, unknown>; session: Record<string, unknown> };

/** The expiry (ms) signed into the compact session_data cookie of this header, if there is one. */
export function sessionDataExpiry(cookieHeader: string): number | undefined {
  const matches = [...cookieHeader.matchAll(/(?:^|;\s*)(?:__Secure-)?[\w.-]*session_data(\.\d+)?=([^;]*)/g)];
  // Chunked (session_data.0, .1…) or absent: not remembered.
  if (matches.length !== 1 || matches[0]![1] !== undefined) return undefined;
  try {
    const decoded = JSON.parse(Buffer.from(matches[0]![2]!, "base64url").toString("utf8")) as { expiresAt?: unknown };
    return typeof decoded.expiresAt === "number" ? decoded.expiresAt : undefined;
  } catch {
    return undefined;
  }
}

export class SessionMemo {
  private readonly entries = new Map<string, { session: Session; until: number }>();

  constructor(private readonly maxEntries = 10_000) {}

  get(cookieHeader: string, now = Date.now()): Session | undefined {
    const entry = this.entries.get(cookieHeader);
    if (!entry) return undefined;
    if (now >= entry.until) {
      this.entries.delete(cookieHeader);
      return undefined;
    }
    return entry.session;
  }

  /** Remembers a session better-auth verified from this exact Cookie header's cookie cache. */
  remember(cookieHeader: string, session: Session, now = Date.now()) {
    const until = sessionDataExpiry(cookieHeader);
    if (until === undefined || until <= now) return;
    if (this.entries.size >= this.maxEntries) {
      // The oldest first (insertion order); expired ones go on their next lookup.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(cookieHeader, { session, until });
  }

  forget(cookieHeader: string) {
    this.entries.delete(cookieHeader);
  }

  get size() {
    return this.entries.size;
  }
}
