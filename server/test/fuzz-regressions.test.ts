// What the fuzzer (fuzz.test.ts) found, pinned down: each of these answered 500 before its fix.
import { describe, expect, it } from "vitest";
import { base, CALLER_HEADERS, t, user, victim, holder, type Caller } from "./fuzz/context";

let ip = 0;

async function answer(method: string, path: string, init: { caller?: Caller; body?: string; type?: string | null } = {}) {
  const headers: Record<string, string> = { ...CALLER_HEADERS[init.caller ?? "anonymous"], origin: base, "x-forwarded-for": `10.201.0.${++ip & 255}` };
  if (init.type !== null) headers["content-type"] = init.type ?? "application/json";
  const res = await t.app.request(`${base}${path}`, { method, headers, body: init.body });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as { code?: string; message?: string } | null };
}

describe("regressions: the 5xx the fuzzer found", () => {
  it("malformed JSON on an OpenAPI route is 400 BAD_REQUEST (Hono's HTTPException was a 500)", async () => {
    for (const body of ["nul", "{", '{"a":1}}']) {
      const res = await answer("POST", "/api/v1/licenses/validate", { body });
      expect(res).toMatchObject({ status: 400, body: { code: "BAD_REQUEST", message: expect.any(String) } });
    }
    expect((await answer("PATCH", "/api/profile", { caller: "user", body: "{" })).status).toBe(400);
  });

  it("a body that is not JSON on an OpenAPI route is 415 UNSUPPORTED_MEDIA_TYPE", async () => {
    for (const type of ["text/plain", "multipart/form-data; boundary=xyz", "application/x-www-form-urlencoded", null]) {
      const res = await answer("POST", "/api/v1/licenses/validate", { body: JSON.stringify({ buyKey: user.licence.buyKey, deviceKey: user.deviceKey }), type });
      expect(res).toMatchObject({ status: 415, body: { code: "UNSUPPORTED_MEDIA_TYPE", message: expect.any(String) } });
    }
    expect((await answer("PATCH", "/api/profile", { caller: "user", body: '{"name":"x"}', type: null })).status).toBe(415);
  });

  it("an OTP order id of 36 hex digits and dashes that is not a UUID is 404, like any unknown id", async () => {
    for (const id of ["------------------------------------", "f2afd3f8cb-3-7c4c-ecccb-7-9-faa3---f"]) {
      for (const action of ["check", "cancel"]) {
        expect((await answer("POST", `/api/otp-mail/orders/${id}/${action}`, { caller: "user", type: null })).body).toMatchObject({ code: "NOT_FOUND" });
        expect((await answer("POST", `/api/v1/otp/orders/${id}/${action}`, { caller: "apiKey", type: null })).body).toMatchObject({ code: "NOT_FOUND" });
      }
    }
  });

  it("a NUL character in text that is stored or searched is 422 (PostgreSQL refused it with a 500)", async () => {
    const nul = (s: string) => `${s.slice(0, 3)}\\u0000${s.slice(3)}`;
    const cases: Array<[string, string, Caller, string?]> = [
      ["GET", "/api/licenses?search=ab%00c", "user"],
      ["GET", "/api/license-history?search=%00", "user"],
      ["GET", "/api/orders?search=%00", "user"],
      ["GET", "/api/admin/users?search=%00", "superAdmin"],
      ["GET", "/api/admin/balances?search=%00", "superAdmin"],
      ["GET", "/api/admin/otp-orders?search=%00", "superAdmin"],
      ["POST", "/api/v1/licenses/validate", "anonymous", JSON.stringify({ buyKey: user.licence.buyKey, deviceKey: user.deviceKey }).replace(user.licence.buyKey, nul(user.licence.buyKey))],
      ["POST", "/api/v1/licenses/validate", "anonymous", JSON.stringify({ buyKey: user.licence.buyKey, deviceKey: user.deviceKey }).replace(user.deviceKey, nul(user.deviceKey))],
      ["POST", "/api/v1/licenses/activate", "anonymous", `{"buyKey":"${nul(victim.licence.buyKey)}","deviceKey":"PC-LDREEL-X"}`],
      ["POST", "/api/v1/licenses/change-key", "anonymous", `{"buyKey":"${user.licence.buyKey}","oldDeviceKey":"${nul(user.deviceKey)}","newDeviceKey":"PC-LDREEL-X\\u0000"}`],
      ["PATCH", `/api/licenses/${user.licence.id}`, "user", '{"name":"a\\u0000b"}'],
      ["POST", `/api/licenses/${user.licence.id}/change-key`, "user", '{"deviceKey":"PC-LDREEL-\\u0000"}'],
      ["PATCH", "/api/profile", "user", '{"name":"a\\u0000b"}'],
      ["POST", "/api/orders/checkout", "user", '{"kind":"plan","planId":"local\\u0000-1m"}'],
      ["POST", "/api/orders/subscription-tool", "anonymous", '{"planId":"local-1m","email":"buyer@example.com","deviceKey":"PC-LDREEL-\\u0000"}'],
      ["POST", "/api/admin/balances/adjust", "superAdmin", `{"apiKeyId":"${holder.apiKeyId}","operation":"add","amountMills":1000,"note":"a\\u0000b"}`],
      ["GET", "/dev/mailbox?to=%00", "anonymous"],
      ["GET", "/dev/mailbox/messages.json?to=a%00b", "anonymous"],
    ];
    for (const [method, path, caller, body] of cases) {
      const res = await answer(method, path, { caller, body, type: body ? undefined : null });
      expect(res, `${method} ${path}`).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED", message: expect.stringContaining("NUL") } });
    }
  });

  it("better-auth's input is checked first: NUL in a token, a redirect target that is no URL (422); its bodiless 404 gets a code", async () => {
    for (const path of ["/api/auth/magic-link/verify?token=%00abc", "/api/auth/verify-email?token=abc%00", "/api/auth/verify-email?token&callbackURL=null", "/api/auth/reset-password/abc?callbackURL=.w1r'"]) {
      expect(await answer("GET", path, { type: null }), path).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED" } });
    }
    expect((await answer("POST", "/api/auth/reset-password", { body: '{"token":"a\\u0000b","newPassword":"a new password 1"}' })).status).toBe(422);
    expect((await answer("POST", "/api/auth/sign-in/magic-link", { body: '{"email":"x@example.com","callbackURL":"null"}' })).status).toBe(422);
    // What the web app sends still passes.
    expect((await answer("GET", "/api/auth/verify-email?token=abc&callbackURL=%2Fdashboard", { type: null })).status).toBe(302);
    expect(await answer("POST", "/api/auth/no-such-endpoint", { body: "{}" })).toMatchObject({ status: 404, body: { code: "NOT_FOUND", message: expect.any(String) } });
  });

  it("the spec's check-otp-gmail 404 carries a code and a message besides its own fields", async () => {
    const res = await answer("POST", "/functions/v1/check-otp-gmail", { caller: "user", body: JSON.stringify({ service: "EMAIL_SERVICE_1", gmail: victim.otp.address }) });
    expect(res).toMatchObject({ status: 404, body: { success: false, error: expect.any(String), code: "NOT_FOUND", message: expect.any(String) } });
  });
});
