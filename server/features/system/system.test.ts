// Operations endpoints: liveness, readiness (database, migrations, draining) and /metrics.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../config";
import { createTestContext, type TestContext } from "../../test/harness";
import { createLogger } from "../../lib/logger";
import { enqueueEmail } from "../../providers/email/outbox";
import { createMetrics } from "./metrics";
import { startIntervalWorker } from "../../lib/interval-worker";
import { createSystemRoutes, latestMigration } from "./routes";
import { DEFAULT_SHOP_TIME_ZONE } from "../../../contracts/dates";

const TOKEN = "metrics-token-0123456789";

describe("/healthz and /readyz", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it("/healthz answers while the process runs; /readyz once the database has every migration of this build", async () => {
    expect(await (await t.app.request("/healthz")).json()).toEqual({ status: "ok" });
    const ready = await t.app.request("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  it("/readyz is 503 while the newest migration is missing, and while the instance drains", async () => {
    const lifecycle = { draining: false };
    const routes = createSystemRoutes({ db: t.database.db, lifecycle });
    expect((await routes.request("/readyz")).status).toBe(200);

    const latest = latestMigration();
    await t.database.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${latest.when}`);
    try {
      const res = await routes.request("/readyz");
      expect(res.status).toBe(503);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe("UNAVAILABLE");
      expect(body.message).toContain(latest.tag);
    } finally {
      await t.database.db.execute(sql`update drizzle.__drizzle_migrations set created_at = ${latest.when} where created_at = ${latest.when - 1}`);
    }
    expect((await routes.request("/readyz")).status).toBe(200);

    lifecycle.draining = true;
    const draining = await routes.request("/readyz");
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ code: "UNAVAILABLE", message: "Shutting down" });
  });

  it("every answer carries its request id (the one the log line has): the caller's, or a new one", async () => {
    const fresh = (await t.app.request("/healthz")).headers.get("x-request-id");
    expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
    expect((await t.app.request("/healthz", { headers: { "x-request-id": "lb-1234" } })).headers.get("x-request-id")).toBe("lb-1234");
  });

  it("/metrics does not exist without METRICS_TOKEN (404, not the web app)", async () => {
    const res = await t.app.request("/metrics");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "NOT_FOUND" });
    expect((await t.app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });
});

describe("/metrics with METRICS_TOKEN", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    return res.text();
  };

  it("METRICS_TOKEN must be a real secret", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(ConfigError);
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(loadConfig({ METRICS_TOKEN: "" }).metricsToken).toBeUndefined();
  });

  it("requires the bearer token", async () => {
    const none = await t.app.request("/metrics");
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    expect(await none.json()).toMatchObject({ code: "UNAUTHENTICATED" });
    expect((await t.app.request("/metrics", { headers: { authorization: "Bearer wrong-token-wrong-token" } })).status).toBe(401);
    expect((await t.app.request("/metrics", { headers: { authorization: TOKEN } })).status).toBe(401);
  });

  it("counts requests by route pattern and status, never by raw path", async () => {
    const user = await t.signedInUser();
    const id = "3f1d7c2e-0000-4000-8000-000000000001";
    expect((await user.client.request(`/api/licenses/${id}`, { method: "PATCH", json: { name: "x" } })).status).toBe(404);
    await t.app.request("/healthz");
    await t.app.request("/api/v1/licenses/validate", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });

    const text = await scrape();
    expect(text).toContain('http_requests_total{method="PATCH",route="/api/licenses/:id",status="404"} 1');
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
    expect(text).toContain('http_requests_total{method="POST",route="/api/v1/licenses/validate",status="422"} 1');
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="PATCH",route="\/api\/licenses\/:id",status="404"\} \d/);
    expect(text).toMatch(/http_requests_total\{method="POST",route="\/api\/auth\/\*",status="200"\} \d+/);
    expect(text).not.toContain(id);
  });

  it("reports orders and OTP orders by status, the outbox's depth, live streams and the process", async () => {
    await enqueueEmail(t.database.db, { timeZone: DEFAULT_SHOP_TIME_ZONE, to: "depth@example.com", template: "magic-link", props: { url: "http://x/y", expiresInMinutes: 10 } });
    const insertOrder = (tranId: string, status: string) =>
      t.database.db.execute(sql`insert into orders (tran_id, kind, email, amount_mills, currency, status) values (${tranId}, 'topup', 'm@example.com', 1000, 'USD', ${status})`);
    await insertOrder("KSMETRICS00000000001", "pending");
    await insertOrder("KSMETRICS00000000002", "paid");
    // Through the app (its totals may already be a scrape old): the open work is always exact.
    const text = await scrape();
    expect(text).toContain('keyshop_orders{status="pending"} 1');
    expect(text).toContain('keyshop_orders{status="refunded"} 0');
    expect(text).toContain('keyshop_otp_orders{status="pending"} 0');
    expect(text).toMatch(/keyshop_email_outbox\{state="pending"\} [1-9]/);
    expect(text).toContain('keyshop_email_outbox{state="dead"} 0');
    expect(text).toContain("keyshop_event_streams 0");
    expect(text).toContain("keyshop_metrics_database_up 1");
    expect(text).toContain("process_cpu_user_seconds_total");
    expect(text).toContain("nodejs_eventloop_lag_seconds");

    // All-time counts are re-read once they are older than the limit; pending on every scrape.
    const metrics = createMetrics({ db: t.database.db, logger: createLogger("silent"), totalsMaxAgeMs: 2_000 });
    expect(await metrics.render()).toContain('keyshop_orders{status="paid"} 1');
    await insertOrder("KSMETRICS00000000003", "paid");
    await insertOrder("KSMETRICS00000000004", "pending");
    const cached = await metrics.render();
    expect(cached).toContain('keyshop_orders{status="paid"} 1');
    expect(cached).toContain('keyshop_orders{status="pending"} 2');
    await new Promise((r) => setTimeout(r, 2_100));
    expect(await metrics.render()).toContain('keyshop_orders{status="paid"} 2');
  });

  it("still answers when the database does not, saying so", async () => {
    const metrics = createMetrics({
      db: { execute: () => Promise.reject(new Error("down")) } as never,
      logger: createLogger("silent"),
    });
    const text = await metrics.render();
    expect(text).toContain("keyshop_metrics_database_up 0");
    expect(text).not.toContain("keyshop_orders{");
  });

  it("reports each periodic job's passes, failures in a row and last good pass", async () => {
    let fail = true;
    const worker = startIntervalWorker({
      name: "metrics-probe",
      everyMs: 20,
      firstAfterMs: 0,
      jitter: 0,
      logger: createLogger("silent"),
      pass: async () => {
        if (fail) {
          fail = false;
          throw new Error("first pass fails");
        }
      },
    });
    const metrics = createMetrics({ db: t.database.db, logger: createLogger("silent") });
    try {
      await expect.poll(async () => await metrics.render(), { timeout: 5_000 }).toMatch(/keyshop_worker_passes\{worker="metrics-probe",outcome="ok"\} [1-9]/);
    } finally {
      await worker.stop();
    }
    const text = await metrics.render();
    expect(text).toContain('keyshop_worker_passes{worker="metrics-probe",outcome="failed"} 1');
    expect(text).toContain('keyshop_worker_failing_in_a_row{worker="metrics-probe"} 0');
    expect(text).toMatch(/keyshop_worker_last_success_timestamp_seconds\{worker="metrics-probe"\} \d/);
  });
});
