// Limits per account and per recipient (issue #13): many customers share one address, guessers
// rotate addresses, and nobody may flood someone else's inbox.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, user } from "../db/schema";
import { createTestContext, PASSWORD, type TestClient, type TestContext } from "../test/harness";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
const signIn = (c: TestClient, email: string, password: string) => c.request("/api/auth/sign-in/email", { json: { email, password } });
const sent = async (to: string, template: string) => (await t.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)))).length;

/** Several clients (cookie jars) that share one address, as behind a carrier's NAT. */
function sameAddress(n: number): TestClient[] {
  const ip = t.client().ip;
  return Array.from({ length: n }, () => t.client({ ip }));
}

describe("failed sign-ins", () => {
  it("five wrong passwords lock that account, not the others behind the same address", async () => {
    const [victim, neighbour] = await Promise.all([t.signedInUser(), t.signedInUser()]);
    const [guesser, other] = sameAddress(2);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn(guesser!, victim.email, "wrong password!")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const locked = await signIn(guesser!, victim.email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await locked.json()) as { message: string }).message).toMatch(/^Too many failed sign-ins for this account\. Try again in \d+ minutes?, or sign in with an e-mailed link or code\.$/);
    // Someone else behind the same address signs in.
    expect((await signIn(other!, neighbour.email, PASSWORD)).status).toBe(200);
  });

  it("a guesser rotating addresses is stopped per account", async () => {
    const victim = await t.signedInUser();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await signIn(t.client(), victim.email, `wrong password ${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // The lock does not care about case or spaces in the e-mail.
    expect((await signIn(t.client(), `  ${victim.email.toUpperCase()} `, "wrong again!")).status).toBe(429);
  });

  it("successful sign-ins do not count against the address", async () => {
    const people = await Promise.all(Array.from({ length: 3 }, () => t.signedInUser()));
    const clients = sameAddress(25);
    for (let i = 0; i < 24; i++) expect((await signIn(clients[i]!, people[i % 3]!.email, PASSWORD)).status).toBe(200);
    // Still room for honest mistakes from that address.
    expect((await signIn(clients[24]!, people[0]!.email, "typo in it")).status).toBe(401);
  });

  it("more than 30 failures from one address, over many accounts, lock the address", async () => {
    const clients = sameAddress(32);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await signIn(clients[i]!, uniqueEmail(`nobody${i}`), "wrong password!")).status);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    const last = await signIn(clients[31]!, uniqueEmail("nobody-last"), "wrong password!");
    expect(last.status).toBe(429);
    expect(((await last.json()) as { message: string }).message).toMatch(/from your network/);
  });
});

describe("e-mails an anonymous caller can trigger", () => {
  it("signing up someone else's address and then asking again and again sends at most 3 confirmations an hour", async () => {
    const victim = uniqueEmail("inbox");
    const c = t.client();
    expect((await c.request("/api/auth/sign-up/email", { json: { email: victim, password: PASSWORD, name: "" } })).status).toBe(200);
    for (let i = 0; i < 10; i++) await signIn(t.client(), victim, PASSWORD); // unconfirmed: each would send one
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) answers.push((await t.client().request("/api/auth/send-verification-email", { json: { email: victim } })).status);
    expect(await sent(victim, "verify-email")).toBe(3);
    expect(answers.slice(0, 3)).toEqual([200, 200, 200]);
    expect(answers.slice(3).every((s) => s === 429)).toBe(true);
  });

  it("answers the same whether or not the address has an account", async () => {
    const existing = (await t.signedInUser()).email;
    const unknown = uniqueEmail("unknown");
    for (const path of ["/api/auth/request-password-reset", "/api/auth/sign-in/magic-link", "/api/auth/email-otp/send-verification-otp"]) {
      const body = (email: string) => (path.includes("otp") ? { email, type: "sign-in" } : { email });
      const run = async (email: string) => {
        const out: Array<[number, string]> = [];
        for (let i = 0; i < 5; i++) {
          const res = await t.client().json<{ code?: string; message?: string }>(path, { json: body(email) });
          out.push([res.status, res.body?.code ?? ""]);
        }
        return out;
      };
      const [forExisting, forUnknown] = [await run(existing), await run(unknown)];
      expect(forExisting, path).toEqual(forUnknown);
      expect(forExisting.map(([s]) => s), path).toEqual([200, 200, 200, 429, 429]);
    }
    expect(await sent(existing, "reset-password")).toBe(3);
    expect(await sent(existing, "magic-link")).toBe(3);
    expect(await sent(unknown, "reset-password")).toBe(0);
  });
});

describe("one rule per field, whatever the route", () => {
  it("better-auth's update-user takes the Profile name rule and nothing else", async () => {
    const { client, email } = await t.signedInUser();
    const long = await client.json<{ code: string; issues: Array<{ path: string }> }>("/api/auth/update-user", { json: { name: "x".repeat(250_000) } });
    expect([long.status, long.body.code]).toEqual([422, "VALIDATION_FAILED"]);
    expect(long.body.issues[0]!.path).toBe("name");
    const image = await client.json<{ code: string; issues: Array<{ path: string; message: string }> }>("/api/auth/update-user", { json: { name: "Ann", image: "javascript:alert(1)" } });
    expect(image.status).toBe(422);
    expect(JSON.stringify(image.body.issues)).toContain("image");
    const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({ name: "", image: null });
    // Within the rule it works, trimmed like Profile.
    expect((await client.json("/api/auth/update-user", { json: { name: "  Ann Lee  " } })).status).toBe(200);
    expect((await client.json<{ name: string }>("/api/profile")).body.name).toBe("Ann Lee");
  });

  it("sign-up refuses fields nobody may set and names beyond the rule", async () => {
    const c = t.client();
    for (const extra of [{ role: "admin" }, { superAdmin: true }, { image: "javascript:alert(1)" }, { name: "y".repeat(101) }]) {
      const res = await c.json<{ code: string }>("/api/auth/sign-up/email", { json: { email: uniqueEmail("fields"), password: PASSWORD, name: "", ...extra } });
      expect([res.status, res.body.code]).toEqual([422, "VALIDATION_FAILED"]);
    }
  });

  it("better-auth endpoints the shop does not use are not there", async () => {
    const { client } = await t.signedInUser();
    for (const path of ["/api/auth/change-email", "/api/auth/delete-user", "/api/auth/revoke-sessions", "/api/auth/list-sessions", "/api/auth/link-social"]) {
      const res = await client.json<{ code: string }>(path, { method: path.includes("list") ? "GET" : "POST", json: path.includes("list") ? undefined : {} });
      expect([res.status, res.body.code], path).toEqual([404, "NOT_FOUND"]);
    }
  });
});
