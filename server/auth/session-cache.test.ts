// Sessions verified from the signed session_data cookie (decision 030): a customer's request needs
// no database read for SESSION_CACHE_SECONDS; a session ended elsewhere stops working within that
// bound; an admin account is read from the database on every request, so a demotion is immediate.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session, user } from "../db/schema";
import { createTestContext, type TestContext } from "../test/harness";

const BOUND_SECONDS = 1;
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ SESSION_CACHE_SECONDS: String(BOUND_SECONDS) });
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The cookies a browser holds now, replayed by another client (a copied or stolen cookie jar). */
const jarOf = (client: { cookie(name: string): string | undefined }) =>
  ["keyshop.session_token", "keyshop.session_data"].map((name) => `${name}=${client.cookie(name) ?? ""}`).join("; ");

describe("session cookie cache", () => {
  it("sign-in leaves a signed session_data cookie; with it /api/me answers without the session row", async () => {
    const { client, id } = await t.signedInUser();
    expect(client.cookie("keyshop.session_data")).toBeTruthy();
    const jar = jarOf(client);
    // Revoked in the database (another device signed out everywhere): the cache still answers…
    await t.database.db.delete(session).where(eq(session.userId, id));
    expect((await t.client().request("/api/me", { headers: { cookie: jar } })).status).toBe(200);
    // …until the bound has passed: then the database is asked and the session is gone.
    await sleep(BOUND_SECONDS * 1000 + 200);
    expect((await t.client().request("/api/me", { headers: { cookie: jar } })).status).toBe(401);
  });

  it("a signed-out browser is refused at once; a copy of its cookies within the bound at most", async () => {
    const { client } = await t.signedInUser();
    const jar = jarOf(client);
    expect((await client.request("/api/auth/sign-out", { method: "POST", json: {} })).status).toBe(200);
    expect((await client.request("/api/me")).status).toBe(401);
    await sleep(BOUND_SECONDS * 1000 + 200);
    expect((await t.client().request("/api/me", { headers: { cookie: jar } })).status).toBe(401);
  });

  it("a session read from the database renews its cookie cache on the answer", async () => {
    const { client } = await t.signedInUser();
    await sleep(BOUND_SECONDS * 1000 + 200);
    const res = await client.request("/api/me");
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("keyshop.session_data="))).toBe(true);
  });

  it("a demoted admin loses the console on the next request (admin sessions skip the cache)", async () => {
    const admin = await t.signedInUser({ role: "admin" });
    expect((await admin.client.request("/api/admin/stats")).status).toBe(200);
    await t.database.db.update(user).set({ role: "user" }).where(eq(user.id, admin.id));
    expect((await admin.client.request("/api/admin/stats")).status).toBe(403);
    expect((await admin.client.json<{ user: { role: string } }>("/api/me")).body.user.role).toBe("user");
  });

  it("an admin's session ended elsewhere is refused on the next request", async () => {
    const admin = await t.signedInUser({ role: "admin" });
    expect((await admin.client.request("/api/admin/stats")).status).toBe(200);
    await t.database.db.delete(session).where(eq(session.userId, admin.id));
    expect((await admin.client.request("/api/admin/stats")).status).toBe(401);
  });
});
