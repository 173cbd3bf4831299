// Operations endpoints: /healthz (the process answers), /readyz (the database answers, every
// migration of this build is applied, and the instance is not shutting down), /metrics
// (Prometheus, only with METRICS_TOKEN).
import { createHash, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Hono } from "hono";
import { sql } from "drizzle-orm";
import { MIGRATIONS_DIR, type Db } from "../../db/client";
import type { Metrics } from "./metrics";

export interface Lifecycle {
  /** Set when shutdown begins: /readyz answers 503 so load balancers stop sending new work. */
  draining: boolean;
}

export interface SystemDeps {
  db: Db;
  lifecycle?: Lifecycle;
  /** With METRICS_TOKEN: the registry /metrics renders and the token it requires. */
  metrics?: { metrics: Metrics; token: string };
  migrationsDir?: string;
}

/** The `when` of the newest migration this build ships (drizzle records it as `created_at`). */
export function latestMigration(dir = MIGRATIONS_DIR): { tag: string; when: number } {
  const journal = JSON.parse(readFileSync(path.join(dir, "meta", "_journal.json"), "utf8")) as { entries: Array<{ tag: string; when: number }> };
  const last = journal.entries.at(-1);
  if (!last) throw new Error("the migration journal is empty");
  return { tag: last.tag, when: last.when };
}

const digest = (value: string) => createHash("sha256").update(value).digest();

export function createSystemRoutes({ db, lifecycle, metrics, migrationsDir }: SystemDeps) {
  let expected: { tag: string; when: number } | undefined;
  const app = new Hono()
    .get("/healthz", (c) => c.json({ status: "ok" }))
    .get("/readyz", async (c) => {
      c.header("Cache-Control", "no-store");
      if (lifecycle?.draining) return c.json({ code: "UNAVAILABLE", message: "Shutting down" }, 503);
      let applied: number;
      try {
        const result = (await db.execute(sql`select max(created_at) as latest from drizzle.__drizzle_migrations`)) as unknown as {
          rows: Array<{ latest: unknown }>;
        };
        applied = Number(result.rows[0]?.latest ?? 0);
      } catch {
        return c.json({ code: "UNAVAILABLE", message: "Database not ready" }, 503);
      }
      expected ??= latestMigration(migrationsDir);
      if (applied < expected.when) {
        return c.json({ code: "UNAVAILABLE", message: `Database migrations not applied (this build needs ${expected.tag})` }, 503);
      }
      return c.json({ status: "ready" });
    });

  if (!metrics) {
    // Without METRICS_TOKEN there is no /metrics (and the SPA fallback must not answer it either).
    app.all("/metrics", (c) => c.json({ code: "NOT_FOUND", message: "Not found" }, 404));
    return app;
  }
  const token = digest(metrics.token);
  app.get("/metrics", async (c) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "");
    if (!match || !timingSafeEqual(digest(match[1]!), token)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.json({ code: "UNAUTHENTICATED", message: "Metrics need `Authorization: Bearer <METRICS_TOKEN>`." }, 401);
    }
    c.header("Cache-Control", "no-store");
    return c.body(await metrics.metrics.render(), 200, { "Content-Type": metrics.metrics.contentType });
  });
  app.all("/metrics", (c) => c.json({ code: "METHOD_NOT_ALLOWED", message: "Use GET." }, 405));
  return app;
}
