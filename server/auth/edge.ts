// Our edge in front of better-auth (/api/auth/*): input is checked with zod before better-auth
// sees it, and its refusals leave with the { code, message } body every other refusal has.
//   - No NUL character anywhere (PostgreSQL text cannot hold one: better-auth's lookups of a
//     token would fail with a server error).
//   - Redirect targets are a path on this site or an absolute http(s) URL (better-auth then checks
//     the URL is trusted; a value like "null" made its error redirect throw).
import type { Context } from "hono";
import { z } from "zod";
import { ERROR_STATUS, validationError } from "../lib/errors";

const noNul = (value: string) => !value.includes("\u0000");
const NUL_MESSAGE = "Must not contain the NUL character";
const Text = z.string().refine(noNul, NUL_MESSAGE);

const isRedirectTarget = (value: string) =>
  value === "" || (value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\")) || (/^https?:\/\//i.test(value) && URL.canParse(value));
const RedirectTarget = Text.max(2048).refine(isRedirectTarget, "Must be a path on this site or an http(s) URL");
const REDIRECT_FIELDS = { callbackURL: RedirectTarget, errorCallbackURL: RedirectTarget, newUserCallbackURL: RedirectTarget, redirectTo: RedirectTarget };

export const AuthQuerySchema = z.object(REDIRECT_FIELDS).partial().catchall(Text);

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
const JsonWithoutNul: z.ZodType<Json> = z.lazy(() => z.union([Text, z.number(), z.boolean(), z.null(), z.array(JsonWithoutNul), z.record(Text, JsonWithoutNul)]));
const AuthObjectSchema = z.object(REDIRECT_FIELDS).partial().catchall(JsonWithoutNul);
const isObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);

/** Throws the 422 of any invalid input: the path, the query and a JSON or form body. */
export async function checkAuthInput(c: Context): Promise<void> {
  let path: string;
  try {
    path = decodeURIComponent(c.req.path);
  } catch {
    path = c.req.path;
  }
  const checks: Array<z.ZodSafeParseResult<unknown>> = [Text.safeParse(path), AuthQuerySchema.safeParse(c.req.query())];
  if (c.req.method === "POST") {
    const type = (c.req.header("content-type") ?? "").toLowerCase();
    const text = await c.req.raw.clone().text();
    let body: unknown;
    if (type.includes("application/x-www-form-urlencoded")) body = Object.fromEntries(new URLSearchParams(text));
    else {
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined; // better-auth answers malformed JSON itself (400)
      }
    }
    if (body !== undefined) checks.push((isObject(body) ? AuthObjectSchema : JsonWithoutNul).safeParse(body));
  }
  for (const result of checks) if (!result.success) throw validationError(result.error);
}

/**
 * better-auth answers some refusals without a body (an unknown path) or without a code (its rate
 * limit): those get the { code, message } shape. Anything else is passed through untouched.
 */
export async function withErrorShape(res: Response): Promise<Response> {
  if (res.status < 400 || res.status >= 500) return res;
  const text = await res.clone().text();
  type Body = { code?: unknown; message?: unknown } | null;
  let body: Body;
  try {
    body = text ? (JSON.parse(text) as Body) : null;
  } catch {
    body = null;
  }
  if (body && typeof body.code === "string" && typeof body.message === "string") return res;
  const code = Object.entries(ERROR_STATUS).find(([, status]) => status === res.status)?.[0] ?? "BAD_REQUEST";
  const message = typeof body?.message === "string" && body.message ? body.message : res.status === 404 ? "Not found" : "Request refused";
  const headers = new Headers(res.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  headers.delete("content-length");
  return new Response(JSON.stringify({ code, message }), { status: res.status, headers });
}
