// A limit on JSON nesting, checked on the raw text before anything parses or validates it:
// recursive validation of a deeply nested body (thousands of levels) exhausts the stack (a 500)
// and costs CPU for every request of a flood. One linear scan, no allocation.
import type { MiddlewareHandler } from "hono";
import { AppError } from "./errors";

/** Deeper than any body this API accepts (its deepest is 3 levels); generous for odd clients. */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 34;
const BACKSLASH = 92;
const OPENERS = new Set([91, 123]); // [ {
const CLOSERS = new Set([93, 125]); // ] }

/** True when `text`, read as JSON, nests arrays and objects more than `max` levels deep. */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === BACKSLASH) i++;
      else if (ch === QUOTE) inString = false;
    } else if (ch === QUOTE) inString = true;
    else if (OPENERS.has(ch)) {
      if (++depth > max) return true;
    } else if (CLOSERS.has(ch)) depth--;
  }
  return false;
}

export const tooDeepError = () => new AppError("BAD_REQUEST", `JSON is nested too deeply (${MAX_JSON_DEPTH} levels at most).`);

const JSON_TYPE = /^application\/([\w.-]+\+)?json\b/i;

/**
 * Reads a JSON body's text (Hono keeps it, so the route's own parsing reads the same text
 * again without touching the stream) and refuses one nested too deeply.
 */
export function limitJsonDepth(): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
    if (!JSON_TYPE.test(c.req.header("content-type") ?? "")) return next();
    if (jsonTooDeep(await c.req.text())) throw tooDeepError();
    return next();
  };
}
