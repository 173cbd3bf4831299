// LISTEN on a PostgreSQL channel with a dedicated connection that comes back after a failure.
// Consumers that cache must treat "not live" as "know nothing": while the connection is down,
// notifications are lost, so onLost tells them to drop what they hold and stop trusting it.
import type { Client as PgClient } from "pg";

export interface ChannelHandlers {
  onMessage(payload: string): void;
  /** Listening: notifications from now on will arrive. */
  onLive(): void;
  /** Not listening: anything may have changed unseen until the next onLive. */
  onLost(): void;
}

export type Listen = (channel: string, handlers: ChannelHandlers) => Promise<() => Promise<void>>;

const RETRY_MS = [100, 500, 1000, 2000, 5000];

export function listenWithPg(databaseUrl: string, onError: (err: Error) => void = () => {}): Listen {
  return async (channel, handlers) => {
    const { Client } = await import("pg");
    let client: PgClient | undefined;
    let stopped = false;
    let attempt = 0;
    let retryTimer: NodeJS.Timeout | undefined;

    const connect = async (): Promise<void> => {
      const c = new Client({ connectionString: databaseUrl });
      let lost = false;
      const lose = (err?: Error) => {
        if (lost) return;
        lost = true;
        if (err) onError(err);
        handlers.onLost();
        c.removeAllListeners("notification");
        c.end().catch(() => {});
        if (!stopped) retryTimer = setTimeout(() => void connect(), RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
      };
      c.on("error", lose);
      c.on("end", () => lose());
      c.on("notification", (n) => {
        if (n.channel === channel) handlers.onMessage(n.payload ?? "");
      });
      try {
        await c.connect();
        await c.query(`LISTEN "${channel.replace(/"/g, "")}"`);
      } catch (err) {
        lose(err as Error);
        return;
      }
      if (stopped) {
        await c.end().catch(() => {});
        return;
      }
      attempt = 0;
      client = c;
      handlers.onLive();
    };

    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retryTimer);
      const c = client;
      client = undefined;
      if (c) {
        c.removeAllListeners();
        c.on("error", () => {});
        await c.end().catch(() => {});
      }
    };
  };
}
