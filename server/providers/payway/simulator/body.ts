// PayWay accepts JSON, form-urlencoded and multipart on every endpoint; the simulator reads all
// three into the raw strings it hashes (a JSON number is its text: 1.00 arrives as "1").
import type { Context } from "hono";

export async function readFields(c: Context): Promise<Record<string, string>> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  const out: Record<string, string> = {};
  if (type.includes("application/json")) {
    const body: unknown = await c.req.json().catch(() => null);
    if (!body || typeof body !== "object" || Array.isArray(body)) return out;
    for (const [k, v] of Object.entries(body)) {
      out[k] = v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);
    }
    return out;
  }
  if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    for (const [k, v] of Object.entries(form)) if (typeof v === "string") out[k] = v;
  }
  return out;
}
