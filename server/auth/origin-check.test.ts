// Origin checks on cookie-authenticated state changes (/api and /functions): a session cookie
// sent from another origin changes nothing; PayWay's callback and the Bearer APIs are not affected.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/harness";

let t: TestContext;
let cookie: string;
const EXTRA = "https://admin.shop.example";

beforeAll(async () => {
  t = await createTestContext({ TRUSTED_ORIGINS: EXTRA });
  const { client } = await t.signedInUser();
  // The harness's client always sends the right Origin; these tests send their own headers.
  const jar = (client as unknown as { cookies: Map<string, string> }).cookies;
  cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  expect(cookie).toContain("keyshop.session_token=");
});
afterAll(() => t.close());

const send = (path: string, headers: Record<string, string>, method = "POST", body = "{}") =>
  t.app.request(new URL(path, t.config.baseUrl).toString(), {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: method === "GET" ? undefined : body,
  });

describe("cookie-authenticated state changes", () => {
  it("are refused from another origin, an opaque origin, or a cross-site fetch without Origin", async () => {
    for (const headers of <Array<Record<string, string>>>[
      { cookie, origin: "https://evil.example" },
      { cookie, origin: "http://localhost:3001" }, // another port is another origin
      { cookie, origin: "null" },
      { cookie, referer: "https://evil.example/page" },
      { cookie, "sec-fetch-site": "cross-site" },
      { cookie, "sec-fetch-site": "same-site" },
    ]) {
      const res = await send("/api/profile", headers, "PATCH");
      expect(res.status, JSON.stringify(headers)).toBe(403);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe("INVALID_ORIGIN");
      // Where the shop is, for a person who opened it on another address.
      expect(body.message).toMatch(new RegExp(`^This page is open at .+, but this shop runs at ${t.config.baseUrl}\\. Open ${t.config.baseUrl} and try again\\.$`));
    }
    // The spec's functions too, and the check runs before anything else (even for unknown routes).
    expect((await send("/functions/v1/buy-gmail", { cookie, origin: "https://evil.example" })).status).toBe(403);
    expect((await send("/api/no-such-route", { cookie, origin: "https://evil.example" })).status).toBe(403);
  });

  it("pass from BASE_URL's origin, a TRUSTED_ORIGINS entry, the same origin by Referer or Fetch metadata, and non-browser clients", async () => {
    for (const headers of <Array<Record<string, string>>>[
      { cookie, origin: t.config.baseUrl },
      { cookie, origin: EXTRA },
      { cookie, referer: `${t.config.baseUrl}/profile` },
      { cookie, "sec-fetch-site": "same-origin" },
      { cookie },
    ]) {
      const res = await send("/api/profile", headers, "PATCH", JSON.stringify({ name: "Origin Test" }));
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it("leave reads alone, and requests without the session cookie (they act for nobody)", async () => {
    expect((await send("/api/me", { cookie, origin: "https://evil.example" }, "GET")).status).toBe(200);
    const anonymous = await send("/api/profile", { origin: "https://evil.example" }, "PATCH");
    expect(anonymous.status).toBe(401);
    // Some other cookie is not a session.
    expect((await send("/api/profile", { origin: "https://evil.example", cookie: "theme=dark" }, "PATCH")).status).toBe(401);
  });

  it("do not concern PayWay's callback, the licence API or the public Bearer API", async () => {
    const foreign = { cookie, origin: "https://evil.example" };
    const callback = await send("/api/payway/callback", foreign, "POST", JSON.stringify({ tran_id: "KSNOSUCHORDER0000001", status: 0 }));
    expect(callback.status).not.toBe(403);
    const validate = await send("/api/v1/licenses/validate", foreign);
    expect(validate.status).toBe(422);
    const publicApi = await send("/api/v1/otp/orders", { ...foreign, authorization: "Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" });
    expect(publicApi.status).toBe(401);
  });
});
