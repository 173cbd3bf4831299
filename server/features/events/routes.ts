// GET /api/events: a Server-Sent Events stream of the signed-in user's account changes.
// Events carry no data beyond their kind: the page re-reads through the normal, guarded API.
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import { guard, requireUser, type AppEnv } from "../../auth/context";
import { AppError } from "../../lib/errors";
import { errorResponses, SESSION, TAG_NAMES } from "../../lib/openapi";
import type { AccountEventHub, AccountEventKind } from "./hub";

/** Proxies drop idle connections; a comment line now and then keeps the stream open. */
const HEARTBEAT_MS = 25_000;
/**
 * On shutdown a stream ends with `event: shutdown` and a reconnection delay spread over this
 * range (ms), so a draining instance's browsers do not all reconnect to the others at once.
 */
export const SHUTDOWN_RETRY_MS = { min: 500, max: 3000 };
/** Tabs per user; more would only hold sockets open. */
export const MAX_STREAMS_PER_USER = 10;

const eventsRoute = createRoute({
  method: "get",
  path: "/events",
  operationId: "streamAccountEvents",
  tags: [TAG_NAMES.account],
  security: SESSION,
  summary: "Live account changes (Server-Sent Events)",
  description:
    "A stream of the signed-in user's account changes: `ready`, then `balance`, `otp` or `resync` as they happen (the page re-reads through the API), and `shutdown` with a retry hint before the instance stops. Events carry no data beyond their kind.",
  responses: {
    200: { description: "text/event-stream", content: { "text/event-stream": { schema: z.string() } } },
    ...errorResponses([401, 403, 429], { 429: `TOO_MANY_STREAMS: ${MAX_STREAMS_PER_USER} streams are open already` }),
  },
});

export function createEventRoutes({ hub, heartbeatMs = HEARTBEAT_MS }: { hub: AccountEventHub; heartbeatMs?: number }) {
  const app = new OpenAPIHono<AppEnv>();
  app.use("/events", guard(requireUser));
  app.openapi(eventsRoute, (c) => {
    const me = requireUser(c.get("ctx"));
    if (hub.connections(me.id) >= MAX_STREAMS_PER_USER) {
      throw new AppError("TOO_MANY_STREAMS", "Too many open live connections. Close a tab and try again.");
    }
    // no-transform: the compress middleware must not buffer the stream.
    c.header("Cache-Control", "no-cache, no-transform");
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      const queue: Array<AccountEventKind | "resync" | "shutdown"> = [];
      let wake: (() => void) | undefined;
      const unsubscribe = hub.subscribe(me.id, (kind) => {
        if (!queue.includes(kind)) queue.push(kind); // a burst of changes is one re-read
        wake?.();
      });
      let open = true;
      stream.onAbort(() => {
        open = false;
        wake?.();
      });
      // A stream opened while the instance is draining ends at once, like the others.
      if (hub.shuttingDown) queue.push("shutdown");
      try {
        await stream.writeSSE({ event: "ready", data: "{}", retry: 3000 });
        while (open) {
          if (queue.length === 0) {
            let timer: NodeJS.Timeout | undefined;
            await new Promise<void>((resolve) => {
              wake = resolve;
              timer = setTimeout(resolve, heartbeatMs);
            });
            clearTimeout(timer);
            wake = undefined;
          }
          if (!open) break;
          if (queue.length === 0) {
            await stream.write(": keep-alive\n\n");
            continue;
          }
          if (queue.includes("shutdown")) {
            const retry = SHUTDOWN_RETRY_MS.min + Math.floor(Math.random() * (SHUTDOWN_RETRY_MS.max - SHUTDOWN_RETRY_MS.min));
            await stream.writeSSE({ event: "shutdown", data: "{}", retry });
            break;
          }
          for (const kind of queue.splice(0)) await stream.writeSSE({ event: kind, data: "{}" });
        }
      } finally {
        unsubscribe();
      }
    }) as never;
  });
  return app;
}
