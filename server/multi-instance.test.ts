// Two instances of the real server on one PostgreSQL database, each with its own pool and its
// own listeners: whatever one does, the other must see (issue #8's multi-instance proof).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db/client";
import { enqueueEmail } from "./providers/email/outbox";
import type { RunningServer } from "./server";
import { startTwoInstances, type TwoInstances } from "./test/two-instances";
import { DEFAULT_SHOP_TIME_ZONE } from "../contracts/dates";

const SHOP = "http://shop.keyshop.test";
const TOKEN = "multi-instance-token";
const PASSWORD = "correct horse battery 9";

describe.runIf(process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL", () => {
  let database: Database;
  let a: RunningServer;
  let b: RunningServer;
  let smtp: TwoInstances["smtp"];
  let world: TwoInstances | undefined;

  beforeAll(async () => {
    world = await startTwoInstances(SHOP, TOKEN);
    ({ database, a, b, smtp } = world);
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  const testApi = async <T>(server: RunningServer, path: string, body: unknown) => {
    const res = await fetch(`${server.url}/dev/test-api${path}`, { method: "POST", headers: { "content-type": "application/json", "x-test-token": TOKEN }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };
  const signIn = async (server: RunningServer, email: string, ip = "10.9.0.1") => {
    const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: SHOP, "x-forwarded-for": ip },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    return { status: res.status, cookie: res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") };
  };

  it("a session created through one instance is valid on the other", async () => {
    const email = `multi-${Date.now()}@example.com`;
    await testApi(a, "/users", { email, password: PASSWORD });
    const { status, cookie } = await signIn(a, email);
    expect(status).toBe(200);
    const me = await fetch(`${b.url}/api/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect((await me.json()) as { user: { email: string } }).toMatchObject({ user: { email } });
  });

  it("a balance change made through one instance reaches a live stream on the other within a second", async () => {
    const email = `stream-${Date.now()}@example.com`;
    await testApi(a, "/users", { email, password: PASSWORD });
    await testApi(a, "/balance", { email, amountMills: 1000 });
    const { cookie } = await signIn(b, email, "10.9.0.2");
    const abort = new AbortController();
    const res = await fetch(`${b.url}/api/events`, { headers: { cookie }, signal: abort.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const waitFor = async (event: string, ms: number) => {
      const deadline = Date.now() + ms;
      while (!text.includes(`event: ${event}`)) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), left))]);
        if (!chunk || chunk.done) return false;
        text += decoder.decode(chunk.value, { stream: true });
      }
      return true;
    };
    expect(await waitFor("ready", 3000)).toBe(true);
    const started = Date.now();
    await testApi(a, "/balance", { email, amountMills: 500 });
    expect(await waitFor("balance", 1000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
    abort.abort();
  });

  it("a licence change made through one instance is seen by the other's cached validate", async () => {
    const email = `lic-${Date.now()}@example.com`;
    const { buyKey } = await testApi<{ buyKey: string }>(a, "/licenses", {
      email,
      planId: "local-1m",
      deviceKey: "LDREEL-MULTI-1",
      startDate: new Date(Date.now() - 86_400_000).toISOString(),
      expireDate: new Date(Date.now() + 10 * 86_400_000).toISOString(),
    });
    const validate = async (server: RunningServer, deviceKey: string) => {
      const res = await fetch(`${server.url}/api/v1/licenses/validate`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ buyKey, deviceKey }) });
      return ((await res.json()) as { code: string }).code;
    };
    expect(await validate(b, "LDREEL-MULTI-1")).toBe("VALID");
    expect(await validate(b, "LDREEL-MULTI-1")).toBe("VALID"); // now from b's memory
    const moved = await fetch(`${a.url}/api/v1/licenses/change-key`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ buyKey, oldDeviceKey: "LDREEL-MULTI-1", newDeviceKey: "LDREEL-MULTI-2" }),
    });
    expect(moved.status).toBe(200);
    const deadline = Date.now() + 1000;
    let code = await validate(b, "LDREEL-MULTI-1");
    while (code !== "DEVICE_MISMATCH" && Date.now() < deadline) code = await validate(b, "LDREEL-MULTI-1");
    expect(code).toBe("DEVICE_MISMATCH");
    expect(await validate(b, "LDREEL-MULTI-2")).toBe("VALID");
  });

  it("shares the sign-in rate limit: attempts through both instances count together", async () => {
    const email = `limit-${Date.now()}@example.com`;
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${(i % 2 ? b : a).url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: SHOP, "x-forwarded-for": "10.9.9.9" },
        body: JSON.stringify({ email, password: "wrong password 123" }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  it("1,000 queued e-mails drained by both instances reach the SMTP peer once each", async () => {
    smtp.received.length = 0;
    const ids = Array.from({ length: 1000 }, (_, i) => `bulk-${i}`);
    for (let i = 0; i < ids.length; i += 100) {
      await database.db.transaction(async (tx) => {
        for (const id of ids.slice(i, i + 100)) {
          await enqueueEmail(tx, { timeZone: DEFAULT_SHOP_TIME_ZONE, to: `${id}@example.com`, template: "verify-email", props: { url: `https://keyshop.test/verify?token=${id}` } });
        }
      });
    }
    const deadline = Date.now() + 90_000;
    while (smtp.received.length < 1000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    const recipients = smtp.received.map((m) => /^To: (\S+)/m.exec(m)?.[1]);
    expect(recipients).toHaveLength(1000);
    expect(new Set(recipients).size).toBe(1000);
  }, 120_000);
});
