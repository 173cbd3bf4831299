// Unknown API and compatibility paths answer JSON 404, even when the built web app is served:
// a bot that calls a path we do not have must not get the SPA's HTML with a 200.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./harness";

let t: TestContext;
beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "keyshop-static-"));
  writeFileSync(path.join(dir, "__spa-fallback.html"), "<!doctype html><html><body>the web app</body></html>");
  t = await createTestContext({ STATIC_DIR: dir });
});
afterAll(() => t.close());

describe("unknown paths under /api/ and /compat/", () => {
  it("the web app itself is served for an unknown page (the SPA fallback is on)", async () => {
    const res = await t.client().request("/otp-gmail");
    expect(await res.text()).toContain("the web app");
  });

  it.each([
    ["GET", "/api/nope"],
    ["GET", "/api/v1/user/profile"],
    ["POST", "/api/v1/unknown"],
    ["GET", "/compat/5sim/v1/user/profile"],
    ["GET", "/compat"],
    ["GET", "/compat/"],
  ])("%s %s is a JSON 404 NOT_FOUND", async (method, p) => {
    const res = await t.client().request(p, { method });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ code: "NOT_FOUND" });
  });

  it("an unknown Kopeechka method is a JSON 404 in Kopeechka's shape (its clients read status and value)", async () => {
    const res = await t.client().request("/compat/kopeechka/mailbox-nothing?token=abc&api=2.0");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ status: "ERROR", value: "BAD_METHOD" });
  });
});
