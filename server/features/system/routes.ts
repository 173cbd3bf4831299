import { Hono } from "hono";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export function createSystemRoutes(db: Db) {
  return new Hono()
    .get("/healthz", (c) => c.json({ status: "ok" }))
    .get("/readyz", async (c) => {
      try {
        await db.execute(sql`select 1 from "user" limit 1`);
        return c.json({ status: "ready" });
      } catch {
        return c.json({ code: "UNAVAILABLE", message: "Database not ready" }, 503);
      }
    });
}
