// The Kopeechka door's wire format (decisions 029, 056): how a request's parameters are read (GET
// query, or POST with a form or JSON body, as Kopeechka takes them) and how an answer is written:
// always HTTP 200, JSON `{status:"OK", …}` / `{status:"ERROR", value}` or, with `type=TEXT`,
// Kopeechka's plain lines (`OK|id|mail`, `ERROR|BAD_TOKEN`). Nothing here knows orders or money.
import type { Context } from "hono";
import { textProblem } from "../../../contracts/text";

/** An answer before it is written: the JSON fields after `status`, and its TEXT line where Kopeechka documents one. */
export type KopeechkaReply = { ok: true; fields: Record<string, unknown>; text?: string } | { ok: false; value: string };

export const okReply = (fields: Record<string, unknown> = {}, text?: string): KopeechkaReply => ({ ok: true, fields, text });
export const errorReply = (value: string): KopeechkaReply => ({ ok: false, value });

/** Kopeechka's error names for our refusals (the npm client knows each; an unknown one is its BAD_SERVER_RESPONSE). */
export const ERROR_NAMES: Record<string, string> = {
  UNAUTHENTICATED: "BAD_TOKEN",
  API_KEY_NOT_FOUND: "BAD_TOKEN",
  INSUFFICIENT_FUNDS: "BAD_BALANCE",
  OUT_OF_STOCK: "OUT_OF_STOCK",
  NOT_FOUND: "NO_ACTIVATION",
  NOT_PENDING: "ACTIVATION_CANCELED",
  RATE_LIMITED: "TIME_LIMIT_EXCEED",
  VALIDATION_FAILED: "BAD_SITE",
  SUPPLIER_FAILED: "SYSTEM_ERROR",
};

/**
 * The query values the door reads, and the name Kopeechka gives a bad one. A value that is not one
 * line of text (NUL, a control character, a %-escape that is not UTF-8 and so stays undecoded) is
 * refused before anything looks it up (decision 034). Kopeechka names no refusal of a regex or a
 * subject; BAD_REGEX and BAD_SUBJECT are ours, for values no letter could ever match.
 */
export const PARAM_ERRORS: Record<string, string> = { site: "BAD_SITE", email: "BAD_EMAIL", id: "NO_ACTIVATION", regex: "BAD_REGEX", subject: "BAD_SUBJECT" };
/** What Hono leaves of a %-escape that does not decode (a lone surrogate's bytes, %ED%A0%80). */
const UNDECODED = /%[0-9A-Fa-f]{2}/;
export const badText = (value: string) => textProblem(value, "single-line") !== null || UNDECODED.test(value);

/** The largest POST body the door reads (a Kopeechka request is a handful of short fields). */
export const KOPEECHKA_BODY_LIMIT = 64 * 1024;

/**
 * Every parameter of the request: the query's, and for a POST the body's (form or JSON object) where
 * the query lacks them. A body that cannot be read adds nothing: the query alone then answers.
 */
export async function readParams(c: Context): Promise<Record<string, string>> {
  const params: Record<string, string> = {};
  if (c.req.method === "POST") {
    const type = c.req.header("content-type") ?? "";
    const body: Record<string, unknown> = await (type.includes("json") ? c.req.json() : c.req.parseBody()).catch(() => ({}));
    if (body && typeof body === "object" && !Array.isArray(body)) {
      for (const [name, value] of Object.entries(body)) {
        if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") params[name] = String(value);
      }
    }
  }
  for (const [name, value] of Object.entries(c.req.query())) params[name] = value;
  return params;
}

/** `type=TEXT` (any case) asks for Kopeechka's plain answers; anything else is JSON, its default. */
export const wantsText = (params: Record<string, string>) => (params.type ?? "").toUpperCase() === "TEXT";

/** Writes the answer as the client asked: JSON, or TEXT where Kopeechka documents it (else JSON). */
export function writeReply(c: Context, reply: KopeechkaReply, asText: boolean, status: 200 | 404 = 200): Response {
  if (!reply.ok) return asText ? c.text(`ERROR|${reply.value}`, status) : c.json({ status: "ERROR", value: reply.value }, status);
  if (asText && reply.text !== undefined) return c.text(reply.text, 200);
  return c.json({ status: "OK", ...reply.fields }, 200);
}
