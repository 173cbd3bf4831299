// Shared pieces of the authorization matrices (the whole app's in authorization-matrix.test.ts,
// the admin console's in features/admin/authz.test.ts): the route tables they are checked
// against and the one assertion every refusal must pass.
import { inspectRoutes } from "hono/dev";
import { expect } from "vitest";
import type { App } from "../app";

/** "METHOD /api/path/{param}": how the OpenAPI document names an operation. */
export type OperationKey = `${"GET" | "POST" | "PATCH" | "PUT" | "DELETE"} /${string}`;

/** Every operation of the OpenAPI document the app serves, as "METHOD /path/{param}". */
export async function documentedOperations(app: App): Promise<string[]> {
  const res = await app.request("/api/openapi.json");
  expect(res.status).toBe(200);
  const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

/** The OpenAPI spelling of a Hono route: `:id` → `{id}`. */
export const openApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

/**
 * Every route registered in the app, as "METHOD /path/{param}": handlers, not the middleware
 * `app.use` adds (method ALL, taking `next`). A validator in an OpenAPI route's chain takes `next`
 * too, but its route is registered again with the handler, so nothing is lost.
 */
export function registeredRoutes(app: App): string[] {
  const keys = new Set<string>();
  for (const r of inspectRoutes(app)) {
    if (r.method === "ALL" && r.isMiddleware) continue;
    keys.add(`${r.method} ${openApiPath(r.path)}`);
  }
  return [...keys].sort();
}

export const REFUSAL_CODE: Record<number, string> = { 401: "UNAUTHENTICATED", 403: "FORBIDDEN", 404: "NOT_FOUND" };

/**
 * A refusal is `{ code, message }` (plus `issues` for 422) with the code of its status where there
 * is one, and it carries nothing of the secrets given (another user's e-mail, keys, addresses).
 * `code` names the expected code where it is not the status's own (better-auth's, for one);
 * `extraKeys` allows the fields of a foreign shape kept for compatibility (the spec's functions).
 */
export function expectRefusal(status: number, text: string, opts: { secrets?: readonly string[]; code?: string; extraKeys?: boolean } = {}) {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`refusal ${status} is not JSON: ${text.slice(0, 200)}`);
  }
  expect(typeof body.code, text).toBe("string");
  expect(typeof body.message, text).toBe("string");
  if (!opts.extraKeys) expect(Object.keys(body).filter((k) => k !== "issues").sort()).toEqual(["code", "message"]);
  const code = opts.code ?? REFUSAL_CODE[status];
  if (code) expect(body.code).toBe(code);
  expectNoSecrets(text, opts.secrets ?? []);
}

export function expectNoSecrets(text: string, secrets: readonly string[]) {
  const lower = text.toLowerCase();
  for (const secret of secrets) expect(lower.includes(secret.toLowerCase()), `leaked ${secret}`).toBe(false);
}
