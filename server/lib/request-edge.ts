// What every request meets on its way in and out, whichever door it comes through: the Hono app
// or the licence calls' node fast path (node-fast-path.ts). One module, so the two doors cannot
// drift apart (issue #28): the request id, the caller's address, the body limits, the metrics and
// the request log line are written here once and both doors call them.
//
// And one rule for everything else the app adds in front of its routes: an app-wide middleware is
// declared with `bothDoors` (the fast path honours it, and says how) or `appOnly` (it does not
// concern the fast path's routes, and says why). request-edge.test.ts walks the middleware that
// the app runs before each fast-path route and fails on one that is neither: a middleware added
// to the app cannot silently skip the licence calls.
import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "./logger";

/** A caller's id is kept only when it is a short, safe token (it is logged and echoed). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Request bodies, by where they go: more is refused with 413 (the fast path leaves larger ones to the app). */
export const BODY_LIMITS = {
  api: 256 * 1024,
  functions: 64 * 1024,
  /** The licence calls' bodies are a few hundred bytes: bigger ones go to the app, which applies `api`. */
  fastPath: 16 * 1024,
} as const;

/** The caller's id, or a fresh one when none or an unsafe one was given. */
export function requestIdOf(given: string | string[] | undefined): string {
  return typeof given === "string" && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** The caller's address: the socket's, or the proxy's first X-Forwarded-For when TRUST_PROXY is on. */
export function callerAddress(forwardedFor: string | string[] | undefined, socketAddress: string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = (Array.isArray(forwardedFor) ? forwardedFor[0] : forwardedFor)?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress ?? "unknown";
}

export type ObserveRequest = (method: string, route: string, status: number, seconds: number) => void;

/** One request's frame: opened when it arrives, closed when its answer is written. */
export interface RequestFrame {
  requestId: string;
  clientIp: string;
  started: number;
}

export interface RequestEdge {
  open(headers: { requestId: string | string[] | undefined; forwardedFor: string | string[] | undefined }, socketAddress: string | undefined): RequestFrame;
  /** Metrics (by route pattern, never the raw path) and the log line (the path only: queries can carry tokens). */
  close(frame: RequestFrame, request: { method: string; route: string; path: string; status: number }): void;
}

export function createRequestEdge({ logger, observe, trustProxy }: { logger: Logger; observe?: ObserveRequest; trustProxy: boolean }): RequestEdge {
  return {
    open: (headers, socketAddress) => ({
      requestId: requestIdOf(headers.requestId),
      clientIp: callerAddress(headers.forwardedFor, socketAddress, trustProxy),
      started: performance.now(),
    }),
    close(frame, { method, route, path, status }) {
      const elapsed = performance.now() - frame.started;
      observe?.(method, route, status, elapsed / 1000);
      logger.info({ reqId: frame.requestId, method, path, status, ms: Math.round(elapsed) }, "request");
    },
  };
}

// ---- Which door honours which middleware -------------------------------------------------------

export type DoorRule = { doors: "both"; fastPath: string } | { doors: "app"; why: string };

const rules = new WeakMap<object, DoorRule>();

/** A middleware the fast path honours too; `fastPath` says how (the shared function it calls, or why it is moot there). */
export function bothDoors<M extends MiddlewareHandler>(middleware: M, fastPath: string): M {
  rules.set(middleware, { doors: "both", fastPath });
  return middleware;
}

/** A middleware in front of the fast path's routes that does not concern them; `why` says so. */
export function appOnly<M extends MiddlewareHandler>(middleware: M, why: string): M {
  rules.set(middleware, { doors: "app", why });
  return middleware;
}

export function doorRuleOf(handler: unknown): DoorRule | undefined {
  return typeof handler === "function" ? rules.get(handler) : undefined;
}

interface RouterRoute {
  path: string;
  method: string;
  handler: unknown;
}

/**
 * The middleware the app runs before answering `method path` itself: what its router matches, in
 * order, up to the route's own handlers (those registered for exactly this path, with its
 * validators). Hono keeps `[handler, route]` pairs in its router.
 */
export function middlewareBefore(app: { router: { match(method: string, path: string): unknown } }, method: string, path: string): RouterRoute[] {
  const [matched] = app.router.match(method, path) as [Array<[[unknown, RouterRoute], unknown]>, unknown];
  const before: RouterRoute[] = [];
  for (const [[, route]] of matched) {
    if (route.path === path && route.method === method) return before;
    before.push(route);
  }
  throw new Error(`the app has no ${method} ${path} of its own`);
}
