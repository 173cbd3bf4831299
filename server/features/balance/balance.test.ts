import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, balanceLedger } from "../../db/schema";
import { createTestContext, type TestContext } from "../../test/harness";
import { changeBalance, ensureApiKey, findLedgerMismatches } from "./service";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("API key", () => {
  it("is created on first need: 32 characters A-Z0-9, balance 0, shown again to its owner only", async () => {
    const { client } = await t.signedInUser();
    const first = await client.json<{ apiKey: string; balanceMills: number; isActive: boolean }>("/api/api-key");
    expect(first.status).toBe(200);
    expect(first.body.apiKey).toMatch(/^[A-Z0-9]{32}$/);
    expect(first.body).toMatchObject({ balanceMills: 0, isActive: true });
    expect((await client.json<{ apiKey: string }>("/api/api-key")).body.apiKey).toBe(first.body.apiKey);
    // Stored encrypted and by hash: the key text is nowhere in the row.
    const rows = await t.database.db.select().from(apiKeys);
    expect(JSON.stringify(rows)).not.toContain(first.body.apiKey);
    expect((await t.client().json("/api/api-key")).status).toBe(401);
  });

  it("authenticates the public API; wrong, missing and regenerated keys get 401", async () => {
    const { client } = await t.signedInUser();
    const { apiKey: oldKey } = (await client.json<{ apiKey: string }>("/api/api-key")).body;
    const withKey = (key?: string) => t.client().json<{ balanceMills?: number; code?: string }>("/api/v1/balance", { headers: key ? { authorization: `Bearer ${key}` } : {} });

    expect((await withKey(oldKey)).body).toMatchObject({ balanceMills: 0 });
    expect((await withKey()).status).toBe(401);
    expect((await withKey("WRONGKEY0000000000000000000000000")).status).toBe(401);
    expect((await t.client().json(`/api/v1/balance?api_key=${oldKey}`)).status).toBe(401);

    const regenerated = await client.json<{ apiKey: string }>("/api/api-key/regenerate", { method: "POST" });
    expect(regenerated.body.apiKey).not.toBe(oldKey);
    const old = await withKey(oldKey);
    expect([old.status, old.body.code]).toEqual([401, "UNAUTHENTICATED"]);
    expect((await withKey(regenerated.body.apiKey)).status).toBe(200);
  });

  it("takes the Bearer scheme in any case (RFC 7235), the key itself exactly", async () => {
    const { client } = await t.signedInUser();
    const { apiKey } = (await client.json<{ apiKey: string }>("/api/api-key")).body;
    const withHeader = (authorization: string) => t.client().json<{ balanceMills?: number; code?: string }>("/api/v1/balance", { headers: { authorization } });
    for (const scheme of ["Bearer", "bearer", "BEARER", "bEaReR"]) {
      const res = await withHeader(`${scheme} ${apiKey}`);
      expect([scheme, res.status, res.body.balanceMills]).toEqual([scheme, 200, 0]);
    }
    expect((await withHeader(`bearer ${apiKey.toLowerCase()}`)).status).toBe(401);
    expect((await withHeader(`Basic ${apiKey}`)).status).toBe(401);
    expect((await withHeader(`bearer${apiKey}`)).status).toBe(401);
  });
});

describe("profile", () => {
  it("updates the display name, validates its length, and the e-mail stays read-only", async () => {
    const { client, email } = await t.signedInUser();
    expect((await client.json<{ name: string }>("/api/profile")).body).toEqual({ email, name: "", expiryReminders: true, language: "en" });
    const updated = await client.json<{ name: string; email: string }>("/api/profile", { method: "PATCH", json: { name: "  Dara  ", email: "evil@example.com" } });
    expect(updated.body).toEqual({ email, name: "Dara", expiryReminders: true, language: "en" });
    expect((await client.json<{ user: { name: string } }>("/api/me")).body.user.name).toBe("Dara");
    expect((await client.json("/api/profile", { method: "PATCH", json: { name: "x".repeat(101) } })).status).toBe(422);
  });
});

describe("balance ledger", () => {
  it("never goes below zero, and 200 concurrent debits against a balance for 100 leave exactly 0", async () => {
    const { id: userId } = await t.signedInUser();
    const key = await ensureApiKey({ db: t.database.db, secret: t.config.authSecret, userId });
    await t.database.db.transaction((tx) => changeBalance(tx, { apiKeyId: key.id, deltaMills: 4_500, reason: "topup", reference: "test" }));

    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        t.database.db.transaction((tx) => changeBalance(tx, { apiKeyId: key.id, deltaMills: -45, reason: "otp_purchase", reference: `order-${i}` })),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(100);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused).toHaveLength(100);
    expect(refused.every((r) => r.reason.code === "INSUFFICIENT_FUNDS")).toBe(true);

    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.balanceMills).toBe(0);
    const ledger = await t.database.db.select().from(balanceLedger).where(eq(balanceLedger.apiKeyId, key.id));
    expect(ledger).toHaveLength(101);
    expect(ledger.reduce((sum, l) => sum + l.deltaMills, 0)).toBe(0);
    expect(await findLedgerMismatches({ db: t.database.db })).toEqual([]);
  });

  it("a failed change inside a transaction writes nothing", async () => {
    const { id: userId } = await t.signedInUser();
    const key = await ensureApiKey({ db: t.database.db, secret: t.config.authSecret, userId });
    await expect(
      t.database.db.transaction(async (tx) => {
        await changeBalance(tx, { apiKeyId: key.id, deltaMills: 10_000, reason: "topup" });
        await changeBalance(tx, { apiKeyId: key.id, deltaMills: -20_000, reason: "admin_adjustment" });
      }),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.balanceMills).toBe(0);
    expect(await t.database.db.select().from(balanceLedger).where(eq(balanceLedger.apiKeyId, key.id))).toHaveLength(0);
  });
});
