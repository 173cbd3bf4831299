// One fuzzed request of a target (path, query, headers, body), sent in process, and the check of
// its answer: below 500, a refusal with { code, message }, and what the OpenAPI document promises.
import fc from "fast-check";
import { expect } from "vitest";
import { base, CALLER_HEADERS, contract, resolve, t, type Caller } from "./context";
import type { Target } from "./targets";
import { anything, asText, CANDIDATES, CONTENT_TYPES, encode, fromSchema, isByteString, MALFORMED, oddString, toJson, valueOf } from "./values";

export interface FuzzRequest {
  caller: Caller;
  path: string;
  query: string;
  headers: Record<string, string>;
  body?: string;
  contentType?: string;
}

function pathOf(target: Target): fc.Arbitrary<string> {
  if (target.path) return target.path;
  const parts = target.route.split("/");
  const pieces = parts.map((part) => {
    if (!part.startsWith(":")) return fc.constant(part);
    const name = part.slice(1);
    return fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...(CANDIDATES[name] as string[] | undefined ?? CANDIDATES.id as string[])) },
      { weight: 4, arbitrary: oddString.filter((s) => s.length > 0).map(encode) },
      { weight: 1, arbitrary: fc.constantFrom("..", "%2e%2e", "a%2Fb", "%00", "%", "%zz", "%E0%A4%A", "x".repeat(3_000)) },
    );
  });
  return fc.tuple(...pieces).map((p) => p.join("/"));
}

function queryOf(target: Target): fc.Arbitrary<string> {
  const params = target.query ?? [];
  const pair = (k: string, v: unknown) => `${encode(k)}=${encode(asText(v))}`;
  const known = params.map((p) =>
    fc.option(
      fc.oneof(
        { weight: 5, arbitrary: valueOf(p.schema, p.name, resolve).map((v) => pair(p.name, v)) },
        { weight: 1, arbitrary: fc.array(valueOf(p.schema, p.name, resolve), { minLength: 2, maxLength: 3 }).map((vs) => vs.map((v) => pair(p.name, v)).join("&")) },
        { weight: 1, arbitrary: fc.constant(encode(p.name)) },
      ),
      { freq: 3, nil: undefined },
    ),
  );
  const extra = fc.option(fc.array(fc.tuple(oddString, anything).map(([k, v]) => pair(k, v)), { maxLength: 3 }), { freq: 5, nil: [] });
  const raw = fc.constantFrom("&&&", "=", "=x", "a", "%", "%zz", "a=%E0%A4%A", "a[]=1&a[]=2", "a[b]=c", "+=+", "x=1;y=2", "%00=%00", "?=?", "#frag");
  return fc.oneof({ weight: 8, arbitrary: fc.tuple(fc.tuple(...known), extra).map(([k, e]) => [...k.filter((x) => x !== undefined), ...(e ?? [])].join("&")) }, { weight: 1, arbitrary: raw });
}

function bodyOf(target: Target): fc.Arbitrary<{ body?: string; contentType?: string }> {
  if (!target.body) return fc.constant({});
  const schema = target.body === "any" ? undefined : resolve(target.body);
  const kinds: Array<fc.WeightedArbitrary<string>> = [
    { weight: 3, arbitrary: anything.map(toJson) },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED) },
    { weight: 1, arbitrary: fc.string({ maxLength: 50 }) },
    // Nested arrays or objects, around and far past the depth limit (32): a 4xx before any parsing.
    {
      weight: 1,
      arbitrary: fc.tuple(fc.integer({ min: 28, max: 6000 }), fc.boolean()).map(([depth, arrays]) =>
        arrays ? `{"email":${"[".repeat(depth)}${"]".repeat(depth)}}` : `${'{"name":'.repeat(depth)}"x"${"}".repeat(depth)}`,
      ),
    },
  ];
  if (schema) kinds.push({ weight: 10, arbitrary: fromSchema(schema, "", resolve, 0).map(toJson) });
  const json = fc.oneof(...kinds);
  const contentType = fc.oneof({ weight: 12, arbitrary: fc.constant("application/json") }, { weight: 4, arbitrary: fc.constantFrom(...CONTENT_TYPES) });
  return fc.oneof(
    { weight: 20, arbitrary: fc.record({ body: json, contentType }) },
    { weight: 2, arbitrary: fc.constant({}) },
    // Past the body limit (256 KiB): 413.
    { weight: 1, arbitrary: fc.constant({ body: `{"a":"${"x".repeat(300_000)}"}`, contentType: "application/json" }) },
  );
}

const ORIGINS = [base, base, base, base, base, "https://evil.example", ""];

export function requestOf(target: Target): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      caller: fc.constantFrom(...target.callers),
      path: pathOf(target),
      query: queryOf(target),
      extra: target.headers ?? fc.constant({}),
      body: bodyOf(target),
      origin: fc.constantFrom(...ORIGINS),
      badAuth: fc.option(oddString.filter(isByteString), { freq: 20, nil: undefined }),
    })
    .map(({ caller, path, query, extra, body, origin, badAuth }) => {
      const headers: Record<string, string> = { ...CALLER_HEADERS[caller], ...extra };
      if (origin) headers.origin = origin;
      if (badAuth !== undefined) headers.authorization = `Bearer ${badAuth}`;
      if (body.contentType) headers["content-type"] = body.contentType;
      return { caller, path, query, headers, body: body.body, contentType: body.contentType };
    });
}

/** What was sent, for the run's summary. */
export const traffic = { sent: 0, statuses: new Map<number, number>() };
let ip = 0;

export async function send(method: string, req: FuzzRequest) {
  const url = `${base}${req.path}${req.query ? `?${req.query}` : ""}`;
  const headers = new Headers(req.headers);
  // Every request from its own address: the rate limits are not what is being fuzzed.
  headers.set("x-forwarded-for", `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip++ & 255}`);
  const controller = new AbortController();
  const res = await t.app.request(url, { method, headers, body: method === "GET" || method === "HEAD" ? undefined : req.body, signal: controller.signal });
  traffic.sent++;
  traffic.statuses.set(res.status, (traffic.statuses.get(res.status) ?? 0) + 1);
  let text = "";
  if ((res.headers.get("content-type") ?? "").includes("text/event-stream")) {
    controller.abort();
    await res.body?.cancel().catch(() => {});
  } else text = await res.text();
  return { status: res.status, text, type: res.headers.get("content-type") ?? "" };
}

export function check(method: string, req: FuzzRequest, res: { status: number; text: string; type: string }, foreignShape?: string) {
  const shown = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== "cookie" && k !== "content-type"));
  const where = `${method} ${req.path}?${req.query} as ${req.caller} ${JSON.stringify(shown)} (${req.contentType ?? "no body"}) ${JSON.stringify(req.body?.slice(0, 200))} → ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, where).toBeLessThan(500);
  // The answer is one the OpenAPI document promises for this operation (routes outside it: skipped).
  const streamed = res.type.includes("text/event-stream");
  contract.check({ method, url: req.path, status: res.status, contentType: res.type || null, body: streamed ? undefined : res.text });
  if (res.status < 400 || foreignShape) return;
  let body: { code?: unknown; message?: unknown };
  try {
    body = JSON.parse(res.text) as typeof body;
  } catch {
    throw new Error(`not JSON: ${where}`);
  }
  expect(typeof body.code, where).toBe("string");
  expect(typeof body.message, where).toBe("string");
}
