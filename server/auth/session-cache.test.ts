// Sessions verified from the signed session_data cookie (decision 030): a customer's request needs
// no database read for SESSION_CACHE_SECONDS; a session ended anywhere stops working at once (its
// deletion is announced to every instance, issue #26); an admin account is read from the database on every request, so a demotion is immediate.
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
  it("sign-in leaves a signed session_data cookie; with it /api/me answers without reading the account", async () => {
    const { client, id } = await t.signedInUser();
    expect(client.cookie("keyshop.session_data")).toBeTruthy();
    const jar = jarOf(client);
    type Me = { user: { name: string } };
    // Changed in the database behind the shop's back: the signed copy still answers…
    await t.database.db.update(user).set({ name: "Renamed by hand" }).where(eq(user.id, id));
    expect((await t.client().json<Me>("/api/me", { headers: { cookie: jar } })).body.user.name).toBe("");
    // …until the bound has passed: then the database is asked.
    await sleep(BOUND_SECONDS * 1000 + 200);
    expect((await t.client().json<Me>("/api/me", { headers: { cookie: jar } })).body.user.name).toBe("Renamed by hand");
  });

  it("a session ended in the database (another instance, psql) stops answering from the cache at once (issue #26)", async () => {
    const { client, id } = await t.signedInUser();
    const jar = jarOf(client);
    expect((await t.client().request("/api/me", { headers: { cookie: jar } })).status).toBe(200);
    await t.database.db.delete(session).where(eq(session.userId, id));
    // The deletion's notification arrives within moments, far inside the cache's bound.
    await expect.poll(async () => (await t.client().request("/api/me", { headers: { cookie: jar } })).status, { timeout: 500, interval: 20 }).toBe(401);
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
