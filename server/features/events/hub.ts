// Fans the database's 'account_events' notifications (migration 0005) out to the open event
// streams of this instance. One LISTEN connection per instance, however many browsers listen.
import { z } from "zod";
import type { Database } from "../../db/client";

export const ACCOUNT_CHANNEL = "account_events";
export type AccountEventKind = "balance" | "otp";
/** `shutdown`: this instance is stopping; the stream says so and ends (the browser reconnects elsewhere). */
export type AccountEventListener = (kind: AccountEventKind | "resync" | "shutdown") => void;

const Payload = z.object({ u: z.string(), k: z.enum(["balance", "otp"]) });

export class AccountEventHub {
  private readonly listeners = new Map<string, Set<AccountEventListener>>();
  private stopListening: (() => Promise<void>) | undefined;
  private wasLost = false;
  private closing = false;

  async start(listen: Database["listen"]) {
    this.stopListening = await listen(ACCOUNT_CHANNEL, {
      onMessage: (payload) => {
        let parsed;
        try {
          parsed = Payload.safeParse(JSON.parse(payload));
        } catch {
          return;
        }
        if (parsed.success) this.emit(parsed.data.u, parsed.data.k);
      },
      onLive: () => {
        // Events were missed while the connection was down: every screen re-reads everything.
        if (this.wasLost) for (const userId of this.listeners.keys()) this.emit(userId, "resync");
        this.wasLost = false;
      },
      onLost: () => {
        this.wasLost = true;
      },
    });
  }

  async stop() {
    await this.stopListening?.();
    this.listeners.clear();
  }

  /** True once closeStreams() has been called: new streams end at once. */
  get shuttingDown(): boolean {
    return this.closing;
  }

  /**
   * Graceful shutdown: tells every open stream to end (each sends `event: shutdown` with a retry
   * hint, then closes) and resolves when they have all ended, or after `timeoutMs`.
   */
  async closeStreams(timeoutMs = 3000): Promise<void> {
    this.closing = true;
    for (const userId of [...this.listeners.keys()]) this.emit(userId, "shutdown");
    const deadline = Date.now() + timeoutMs;
    while (this.listeners.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  }

  /** Open streams on this instance, all users. */
  totalConnections(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  subscribe(userId: string, listener: AccountEventListener): () => void {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(userId) === set) this.listeners.delete(userId);
    };
  }

  connections(userId: string): number {
    return this.listeners.get(userId)?.size ?? 0;
  }

  private emit(userId: string, kind: AccountEventKind | "resync" | "shutdown") {
    for (const listener of this.listeners.get(userId) ?? []) listener(kind);
  }
}
