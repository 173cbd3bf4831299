// What an outside test found (issue #13), each pinned down: deep JSON, one limit per action
// whatever the door, and the rough edges (request ids, the auth error page, origin refusals).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureApiKey, changeBalance, revealApiKey } from "../features/balance/service";
import { buyOtpMail } from "../features/otp-mail/buy";
import { createTestContext, PASSWORD, type TestContext } from "./harness";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ PUBLIC_API_RATE_LIMIT: "6" });
});
afterAll(() => t.close());

const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
const deepArray = (levels: number) => `{"email":${"[".repeat(levels)}${"]".repeat(levels)},"password":"x"}`;

async function raw(path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
  const res = await t.app.request(`${t.config.baseUrl}${path}`, {
    method: init.method ?? "POST",
    headers: { "content-type": "application/json", origin: t.config.baseUrl, "x-forwarded-for": "10.99.0.1", ...init.headers },
    body: init.body,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text.startsWith("{") ? JSON.parse(text) : text) as { code?: string; message?: string } | string };
}

describe("deeply nested JSON", () => {
  it("is a 400 before anything parses it, on the auth routes and everywhere else", async () => {
    const { client } = await t.signedInUser();
    for (const body of [deep(5000), deepArray(5000), deep(33)]) {
      for (const path of ["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/v1/licenses/validate", "/functions/v1/check-otp-gmail"]) {
        const res = await raw(path, { body });
        expect(res.status, path).toBe(400);
        expect(res.body, path).toMatchObject({ code: "BAD_REQUEST", message: "JSON is nested too deeply (32 levels at most)." });
      }
    }
    const profile = await client.json<{ code: string }>("/api/profile", { method: "PATCH", json: JSON.parse(deep(40)) });
    expect([profile.status, profile.body.code]).toEqual([400, "BAD_REQUEST"]);
    // Brackets inside strings are text, not nesting.
    const quoted = await raw("/api/auth/sign-in/email", { body: JSON.stringify({ email: "quoted@example.com", password: "[[[[{{{{".repeat(15) }) });
    expect(quoted.status).toBe(401);
  });
});

describe("one limit per action, whatever the door", () => {
  it("checking an OTP order counts the same through the dashboard, the API key and the spec's function", async () => {
    const owner = await t.signedInUser();
    const key = await ensureApiKey({ db: t.database.db, secret: t.config.authSecret, userId: owner.id });
    await t.database.db.transaction((tx) => changeBalance(tx, { apiKeyId: key.id, deltaMills: 1000, reason: "topup", reference: "door-test" }));
    const { order } = await buyOtpMail(t.otpMail, { userId: owner.id, apiKeyId: key.id });
    const bearer = { authorization: `Bearer ${revealApiKey(t.config.authSecret, key)}` };
    const statuses: number[] = [];
    // Six a minute in this test (PUBLIC_API_RATE_LIMIT=6), spread over the three doors.
    for (let i = 0; i < 3; i++) {
      statuses.push((await owner.client.request(`/api/otp-mail/orders/${order.id}/check`, { method: "POST" })).status);
      statuses.push((await t.client().request(`/api/v1/otp/orders/${order.id}/check`, { method: "POST", headers: bearer })).status);
      statuses.push((await owner.client.request("/functions/v1/check-otp-gmail", { json: { service: "EMAIL_SERVICE_1", gmail: order.address } })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429]);
  });
});

describe("rough edges", () => {
  it("keeps a caller's X-Request-Id only when it is a short safe token", async () => {
    const echo = async (id: string) => (await t.app.request("/healthz", { headers: { "x-request-id": id } })).headers.get("x-request-id")!;
    expect(await echo("lb-1234.abc:9")).toBe("lb-1234.abc:9");
    for (const bad of ["x".repeat(65), "id with spaces", "evil\tline", "<script>", 'a"b', "a/b"]) {
      const got = await echo(bad);
      expect(got, bad).not.toBe(bad);
      expect(got).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("better-auth's error page carries a Content-Security-Policy", async () => {
    const res = await t.app.request(`${t.config.baseUrl}/api/auth/error?error=state_mismatch`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("a sign-up from another address says where the shop is instead of a raw 'Invalid origin'", async () => {
    const res = await raw("/api/auth/sign-up/email", {
      body: JSON.stringify({ email: `origin-${Date.now()}@example.com`, password: PASSWORD, name: "" }),
      // A browser on that address sends its cookies there (a theme choice is enough).
      headers: { origin: "http://192.168.1.20:3000", cookie: "theme=dark" },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: "INVALID_ORIGIN",
      message: `This page is open at http://192.168.1.20:3000, but this shop runs at ${t.config.baseUrl}. Open ${t.config.baseUrl} and try again.`,
    });
    // The same words from the shop's own routes.
    const { client } = await t.signedInUser();
    const api = await client.json<{ code: string; message: string }>("/api/profile", { method: "PATCH", json: { name: "x" }, headers: { origin: "http://127.0.0.1:3000" } });
    expect(api.status).toBe(403);
    expect(api.body.message).toBe(`This page is open at http://127.0.0.1:3000, but this shop runs at ${t.config.baseUrl}. Open ${t.config.baseUrl} and try again.`);
  });
});
