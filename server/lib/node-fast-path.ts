// The hot JSON routes answered on Node's own request and response objects, in front of Hono.
//
// Under load the desktop tool's licence calls spent a quarter of the server's time in the web
// layer: Hono's routing and context, the zod-openapi validator, undici's Headers and
// @hono/node-server's translation of them (docs/benchmarks.md). Here a POST with a small JSON
// body is read, parsed and handed to the route's handler directly; the answer is written with
// one writeHead/end. Everything unusual goes to the Hono app unchanged, so the refusals and their
// texts stay the app's: a request the fast path does not take (method, type, size, chunked) is
// passed on untouched, and a body that does not parse or validate is replayed into the app
// before anything has happened (no rate-limit hit, no database work). Answers are written at the
// end of the event loop's turn, all of the turn's together (turn-batch.ts). The request id, the
// caller's address, the body limit, the metrics and the request log are the app's own
// (request-edge.ts), and so are the security headers (learned from its middleware); tested side by
// side with the app in tool-fast-path.test.ts, and request-edge.test.ts fails on an app-wide
// middleware the fast path does not honour.
import type { IncomingMessage, ServerResponse } from "node:http";
import { AppError, errorBody } from "./errors";
import { jsonTooDeep } from "./json-depth";
import type { Logger } from "./logger";
import { BODY_LIMITS, type RequestEdge } from "./request-edge";
import { createTurnBatch } from "./turn-batch";

/** What a fast handler answers: the status, the exact body text and its headers. */
export interface FastReply {
  status: number;
  body: string;
  headers: Record<string, string>;
}

export interface FastRequest {
  /** The parsed JSON body, not yet validated (the handler validates it before any side effect). */
  json: unknown;
  clientIp: string;
  /** Adds a response header that is kept on a refusal too (rate-limit headers). */
  setHeader(name: string, value: string): void;
}

/** Returned by a handler whose input does not validate: the app answers instead (its 422). */
export const NOT_TAKEN = Symbol("not taken");

export type FastHandler = (req: FastRequest) => Promise<FastReply | typeof NOT_TAKEN>;

export interface NodeFastPathOptions {
  /** POST routes by exact path (no query string): the path is also the metrics label. */
  routes: Record<string, FastHandler>;
  /** The app, for requests the fast path gives back (its fetch with Node's objects as env). */
  fetch: (request: Request, env: { incoming: IncomingMessage; outgoing: ServerResponse }) => Response | Promise<Response>;
  /** The app's request frame: id, caller's address, metrics and log line. */
  edge: RequestEdge;
  /** The security headers every answer carries (learned from the app's middleware). */
  securityHeaders: ReadonlyArray<readonly [string, string]>;
  logger: Logger;
}

/** Hono's validator's own test, so the fast path takes exactly the bodies the routes would read. */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;
const isJson = (contentType: string | undefined) => contentType !== undefined && JSON_MEDIA_TYPE.test(contentType.split(";")[0]!.trim().toLowerCase());

/**
 * Returns a function that answers a request when it is one of `routes` in the usual shape and
 * says so (true), or leaves it alone (false) for the caller to pass to the app.
 */
export type NodeFastPath = ((req: IncomingMessage, res: ServerResponse) => boolean) & { served: { count: number } };

export function createNodeFastPath(options: NodeFastPathOptions): NodeFastPath {
  const { routes, edge, securityHeaders, logger } = options;
  const maxBodyBytes = BODY_LIMITS.fastPath;
  const served = { count: 0 };
  const later = createTurnBatch((err) => logger.error({ err }, "fast path answer failed"));

  const takes = (req: IncomingMessage): FastHandler | undefined => {
    if (req.method !== "POST") return undefined;
    const handler = routes[req.url ?? ""];
    if (!handler) return undefined;
    const { headers } = req;
    if (headers["transfer-encoding"] !== undefined || !isJson(headers["content-type"])) return undefined;
    const length = Number(headers["content-length"]);
    if (!Number.isInteger(length) || length < 0 || length > maxBodyBytes) return undefined;
    return handler;
  };

  const fastPath = (req: IncomingMessage, res: ServerResponse): boolean => {
    const handler = takes(req);
    if (!handler) return false;
    served.count++;
    void serve(req, res, handler).catch((err) => {
      // A caller that hung up mid-request is not our failure.
      if (res.destroyed || req.destroyed) return;
      logger.error({ err }, "fast path failed");
      if (!res.headersSent) {
        res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify(errorBody("INTERNAL")));
      } else res.destroy();
    });
    return true;
  };

  async function serve(req: IncomingMessage, res: ServerResponse, handler: FastHandler) {
    const frame = edge.open({ requestId: req.headers["x-request-id"], forwardedFor: req.headers["x-forwarded-for"] }, req.socket.remoteAddress);
    const body = await readBody(req);
    const path = req.url!;

    let json: unknown;
    let parsed = false;
    if (body) {
      const text = body.toString("utf8");
      if (!jsonTooDeep(text)) {
        try {
          json = JSON.parse(text);
          parsed = true;
        } catch {
          // the app answers a malformed body (400)
        }
      }
    }
    const extra: Record<string, string> = {};
    let reply: FastReply | typeof NOT_TAKEN = NOT_TAKEN;
    if (parsed) {
      try {
        reply = await handler({ json, clientIp: frame.clientIp, setHeader: (name, value) => (extra[name] = value) });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        reply = { status: err.status, body: JSON.stringify(err.toBody()), headers: { "Content-Type": "application/json" } };
      }
    }
    if (reply === NOT_TAKEN) {
      // Replayed into the app with the same headers and body: its answer, its texts.
      const request = new Request(`http://${req.headers.host ?? "localhost"}${path}`, {
        method: "POST",
        headers: Object.entries(req.headers).flatMap(([k, v]) => (v === undefined ? [] : Array.isArray(v) ? v.map((one) => [k, one] as [string, string]) : [[k, v] as [string, string]])),
        body: body ? Uint8Array.from(body) : new Uint8Array(),
      });
      const response = await options.fetch(request, { incoming: req, outgoing: res });
      const answer = Buffer.from(await response.arrayBuffer());
      res.writeHead(response.status, { ...Object.fromEntries(response.headers), "content-length": String(answer.byteLength) });
      res.end(answer);
      return;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of securityHeaders) headers[name] = value;
    headers["X-Request-Id"] = frame.requestId;
    Object.assign(headers, extra, reply.headers);
    headers["Content-Length"] = String(Buffer.byteLength(reply.body));
    const { status, body: text } = reply;
    // Written with the rest of this turn's answers (turn-batch.ts: one wake-up of the reader for many).
    later(() => {
      // A caller that hung up while its answer waited gets nothing; the request is still counted.
      if (!res.destroyed) {
        try {
          res.writeHead(status, headers);
          res.end(text);
        } catch (err) {
          logger.error({ err }, "fast path failed to write its answer");
          res.destroy();
        }
      }
      edge.close(frame, { method: "POST", route: path, path, status });
    });
  }

  return Object.assign(fastPath, { served });
}

/** The whole body (its length was checked against Content-Length before). */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(chunks.length === 0 ? undefined : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    req.on("error", reject);
    req.on("close", () => {
      if (!req.complete) reject(new Error("request closed before its body ended"));
    });
  });
}
