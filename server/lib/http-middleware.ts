// Cross-cutting HTTP middleware tuned for the hot paths: none of it makes Node build a web
// Request/Response (and their streams) when the plain headers already answer the question.
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import { AppError } from "./errors";

/**
 * Refuses bodies over `maxSize` with 413. A declared Content-Length is checked without touching
 * the body (hono's bodyLimit materialises a web stream first); chunked bodies are counted.
 */
export function limitBody(maxSize: number): MiddlewareHandler {
  const onError = () => {
    throw new AppError("PAYLOAD_TOO_LARGE", "Request body is too large.");
  };
  const counting = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
    const length = c.req.header("content-length");
    const chunked = c.req.header("transfer-encoding") !== undefined;
    if (length !== undefined && !chunked) {
      if (Number(length) > maxSize) onError();
      return next();
    }
    // From a Node HTTP socket, neither header means no body at all (HTTP/1.1). Requests built in
    // process (tests, other runtimes) may carry a body without either: those are counted.
    const fromSocket = (c.env as { incoming?: unknown } | undefined)?.incoming !== undefined;
    if (fromSocket && !chunked) return next();
    return counting(c, next);
  };
}

/**
 * A request off a Node socket that declares no body (neither Transfer-Encoding nor a non-zero
 * Content-Length: HTTP/1.1 says it has none) gets `body: null` on its request, as a fetch Request
 * without a body has. Nothing then builds a web Request and a stream to find out: the OpenAPI
 * routes' media-type gate (@hono/zod-openapi) clones and reads the body of every request without a
 * Content-Type, which cost a bodyless POST, an OTP purchase, about a sixth of its time (issue #28).
 */
export function bodylessIsNull(): MiddlewareHandler {
  return (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || c.req.header("transfer-encoding") !== undefined) return next();
    const length = c.req.header("content-length");
    const fromSocket = (c.env as { incoming?: unknown } | undefined)?.incoming !== undefined;
    if (fromSocket && (length === undefined || length === "0")) Object.defineProperty(c.req.raw, "body", { value: null });
    return next();
  };
}

/** One year; sent only when BASE_URL is https (browsers ignore it over http anyway). */
export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The security headers hono's secureHeaders sets, for every response. Hono sets them after the
 * handler on the finished Response; on `prepared` paths (JSON APIs whose every response goes
 * through c.json/c.body) they are set up front instead, which is much cheaper. A header the
 * handler set itself is kept (the web pages' X-Frame-Options: DENY beside their CSP).
 *
 * Referrer-Policy is the browsers' default, strict-origin-when-cross-origin, not no-referrer:
 * other sites get our origin only (never a path or query), and PayWay (domain whitelist) and the
 * YouTube embed (refuses to play without a referrer) need that origin.
 */
export function securityHeaders({ prepared, hsts = false }: { prepared: (path: string) => boolean; hsts?: boolean }): MiddlewareHandler {
  const standard = standardSecurityHeaders(hsts);
  let fixed: Array<[string, string]> | undefined;
  return async (c, next) => {
    if (!prepared(c.req.path)) return standard(c, next);
    fixed ??= await headersOf(standard);
    for (const [name, value] of fixed) c.header(name, value);
    return next();
  };
}

const standardSecurityHeaders = (hsts: boolean) =>
  secureHeaders({
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: "same-origin",
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: hsts ? HSTS : false,
    overwrite: false,
  });

/** The headers securityHeaders sets on every response, for answers written without Hono. */
export function learnSecurityHeaders({ hsts = false }: { hsts?: boolean } = {}): Promise<Array<[string, string]>> {
  return headersOf(standardSecurityHeaders(hsts));
}

/** What a middleware adds to a response, learned once by running it against an empty answer. */
async function headersOf(middleware: MiddlewareHandler): Promise<Array<[string, string]>> {
  const { Hono } = await import("hono");
  const probe = new Hono().use(middleware).get("/", (c) => c.body(null, 204));
  const res = await probe.request("/");
  return [...res.headers.entries()];
}

/**
 * For a route whose JSON body is optional: a request that says `Content-Type: application/json`
 * but sends no bytes has no body, read as `{}` (clients and proxies send exactly that), instead
 * of being refused as malformed JSON. A body that is there is read as it is.
 */
export function emptyJsonIsNoBody(): MiddlewareHandler {
  return async (c, next) => {
    // Only a body declared JSON: without a Content-Type, no bytes already mean no body (and "{}" would be a body of no type: 415).
    if (/^application\/([\w.-]+\+)?json\b/i.test(c.req.header("content-type") ?? "") && (await c.req.text()) === "") {
      // Hono keeps each body as a promise of it (its type says the value): text() and json() then read "{}".
      (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve("{}");
    }
    return next();
  };
}
