// Manage Balances: adjustments through the ledger (audited, all or nothing, safe under concurrency)
// and the list's search, sort and paging edges.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BALANCE_MESSAGES, type AdjustBalanceResponse, type BalanceList } from "../../../contracts/admin";
import { apiKeys, auditLog, balanceLedger } from "../../db/schema";
import type { SignedInUser, TestContext } from "../../test/harness";
import { changeBalance, ensureApiKey, findLedgerMismatches, revealApiKey } from "../balance/service";
import { adjustBalance } from "./balances";
import { insertUser, superAdminContext } from "./test-seed";

let t: TestContext;
let boss: SignedInUser;

beforeAll(async () => ({ t, boss } = await superAdminContext()));
afterAll(() => t.close());

async function keyWith(balanceMills: number, fields: Parameters<typeof insertUser>[1] = {}) {
  const owner = await insertUser(t.database.db, fields);
  const key = await ensureApiKey({ db: t.database.db, secret: t.config.authSecret, userId: owner.id });
  if (balanceMills) await t.database.db.transaction((tx) => changeBalance(tx, { apiKeyId: key.id, deltaMills: balanceMills, reason: "topup", reference: "seed" }));
  return { owner, key, text: revealApiKey(t.config.authSecret, key) };
}

const balanceOf = async (id: string) => (await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0]!.balanceMills;
const adjust = (body: unknown) => boss.client.json<AdjustBalanceResponse & { code?: string; message?: string; issues?: Array<{ path: string; message: string }> }>("/api/admin/balances/adjust", { json: body });

describe("adjustments", () => {
  it("adds $10 and subtracts $3: ledger rows with the acting admin and note, audit rows with before and after", async () => {
    const { key } = await keyWith(0);
    const added = await adjust({ apiKeyId: key.id, operation: "add", amountMills: 10_000, note: "goodwill" });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ apiKeyId: key.id, operation: "add", amountMills: 10_000, balanceBeforeMills: 0, balanceAfterMills: 10_000, message: BALANCE_MESSAGES.added });
    const subtracted = await adjust({ apiKeyId: key.id, operation: "subtract", amountMills: 3_000 });
    expect(subtracted.body).toMatchObject({ balanceBeforeMills: 10_000, balanceAfterMills: 7_000, message: BALANCE_MESSAGES.subtracted });

    const ledger = await t.database.db.select().from(balanceLedger).where(eq(balanceLedger.apiKeyId, key.id));
    expect(ledger.map((l) => [l.reason, l.deltaMills, l.balanceAfterMills, l.actorUserId, l.note])).toEqual([
      ["admin_adjustment", 10_000, 10_000, boss.id, "goodwill"],
      ["admin_adjustment", -3_000, 7_000, boss.id, null],
    ]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, key.id));
    expect(audit.map((a) => [a.action, a.actorEmail, a.before, a.after, a.note])).toEqual([
      ["balance.adjust", boss.email, { balanceMills: 0 }, { balanceMills: 10_000, deltaMills: 10_000 }, "goodwill"],
      ["balance.adjust", boss.email, { balanceMills: 10_000 }, { balanceMills: 7_000, deltaMills: -3_000 }, null],
    ]);
    expect(await findLedgerMismatches({ db: t.database.db })).toEqual([]);
  });

  it("refuses a subtraction below zero and writes nothing (no balance change, no ledger row, no audit row)", async () => {
    const { key } = await keyWith(2_500);
    const ledgerBefore = (await t.database.db.select().from(balanceLedger).where(eq(balanceLedger.apiKeyId, key.id))).length;
    const auditBefore = (await t.database.db.select().from(auditLog)).length;
    const res = await adjust({ apiKeyId: key.id, operation: "subtract", amountMills: 2_501 });
    // The balance service's refusal passes through: the same code and status as an OTP purchase's.
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ code: "INSUFFICIENT_FUNDS", message: "Insufficient funds" });
    expect(await balanceOf(key.id)).toBe(2_500);
    expect((await t.database.db.select().from(balanceLedger).where(eq(balanceLedger.apiKeyId, key.id))).length).toBe(ledgerBefore);
    expect((await t.database.db.select().from(auditLog)).length).toBe(auditBefore);
    // Exactly to zero is allowed.
    expect((await adjust({ apiKeyId: key.id, operation: "subtract", amountMills: 2_500 })).body.balanceAfterMills).toBe(0);
  });

  it("validates the amount with the spec's texts, and unknown keys are 'API key not found'", async () => {
    const { key } = await keyWith(1_000);
    // Integer mills only: dollar text, fractions of a mill, zero, negatives and more than $1,000,000 are refused.
    for (const amountMills of [0, -1, -1_000, "1000", "1.00", 1.5, null, undefined, 1_000_000_001]) {
      const res = await adjust({ apiKeyId: key.id, operation: "add", amountMills });
      expect(res.status, `amountMills ${String(amountMills)}`).toBe(422);
      expect(res.body.issues?.[0]).toEqual({ path: "amountMills", message: BALANCE_MESSAGES.invalid });
    }
    // The old dollar-text field is gone.
    expect((await adjust({ apiKeyId: key.id, operation: "add", amount: "1" })).body.issues?.[0]).toEqual({ path: "amountMills", message: BALANCE_MESSAGES.invalid });
    expect((await adjust({ apiKeyId: key.id, operation: "multiply", amountMills: 1_000 })).status).toBe(422);
    expect((await adjust({ apiKeyId: "3f0c1f9e-0000-4000-8000-000000000000", operation: "add", amountMills: 1_000 })).body).toEqual({ code: "API_KEY_NOT_FOUND", message: BALANCE_MESSAGES.notFound });
    expect((await adjust({ apiKeyId: "not-a-key", operation: "add", amountMills: 1_000 })).status).toBe(404);
    expect(await balanceOf(key.id)).toBe(1_000);
  });

  it("concurrent adds and subtracts on one key keep the ledger equal to the balance", async () => {
    const { key } = await keyWith(5_000);
    const actor = { id: boss.id, email: boss.email };
    // 30 adds of $1 and 30 subtracts of $1 at once from $5: some subtracts may be refused, none goes below 0.
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        adjustBalance({ db: t.database.db, apiKeyId: key.id, operation: i % 2 ? "subtract" : "add", amountMills: 1_000, actor }),
      ),
    );
    const ok = results.filter((r): r is PromiseFulfilledResult<AdjustBalanceResponse> => r.status === "fulfilled").map((r) => r.value);
    const refused = results.filter((r) => r.status === "rejected");
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "INSUFFICIENT_FUNDS", status: 402 });
    const adds = ok.filter((r) => r.operation === "add").length;
    const subtracts = ok.filter((r) => r.operation === "subtract").length;
    expect(adds).toBe(30);
    expect(await balanceOf(key.id)).toBe(5_000 + (adds - subtracts) * 1_000);
    expect(await findLedgerMismatches({ db: t.database.db })).toEqual([]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, key.id));
    expect(audit).toHaveLength(ok.length);
    // Each audit row's before → after is one step of a single consistent history.
    for (const a of audit) {
      const before = (a.before as { balanceMills: number }).balanceMills;
      const after = (a.after as { balanceMills: number; deltaMills: number });
      expect(after.balanceMills - before).toBe(after.deltaMills);
      expect(after.balanceMills).toBeGreaterThanOrEqual(0);
    }
  });
});

describe("balance list: search, sort and paging", () => {
  let keys: Array<Awaited<ReturnType<typeof keyWith>>>;
  beforeAll(async () => {
    keys = [];
    const base = new Date("2025-06-01T00:00:00Z").getTime();
    for (let i = 0; i < 12; i++) {
      keys.push(await keyWith(i === 5 ? 0 : (i + 1) * 1_000, { email: `wallet-${String(i).padStart(2, "0")}@bal.test`, name: i === 7 ? "Sokha Chan" : `Wallet ${i}`, createdAt: new Date(base + i * 60_000) }));
    }
    await insertUser(t.database.db, { email: "no-key@bal.test", name: "Keyless", createdAt: new Date(base + 99 * 60_000) });
  });
  const list = (q: string) => boss.client.json<BalanceList>(`/api/admin/balances?${q}`);

  it("pages with 'Showing X to Y of Z' figures, last page, beyond the last page, and size changes", async () => {
    const first = await list("search=bal.test");
    expect([first.body.total, first.body.users.length, first.body.page, first.body.pageSize]).toEqual([13, 10, 1, 10]);
    expect(first.body.users[0]!.email).toBe("no-key@bal.test"); // No sorting: newest first
    expect(first.body.users[0]!.apiKeys).toEqual([]);
    const last = await list("search=bal.test&page=2");
    expect(last.body.users.map((u) => u.email)).toEqual(["wallet-02@bal.test", "wallet-01@bal.test", "wallet-00@bal.test"]);
    expect((await list("search=bal.test&page=3")).body.users).toEqual([]);
    expect((await list("search=bal.test&pageSize=25")).body.users).toHaveLength(13);
    expect((await list("search=bal.test&pageSize=15")).status).toBe(422);
  });

  it("sorts by balance both ways, users without a key last", async () => {
    const high = await list("search=bal.test&sort=balance_desc&pageSize=25");
    const balances = high.body.users.map((u) => u.apiKeys[0]?.balanceMills ?? null);
    expect(balances).toEqual([12_000, 11_000, 10_000, 9_000, 8_000, 7_000, 5_000, 4_000, 3_000, 2_000, 1_000, 0, null]);
    const low = await list("search=bal.test&sort=balance_asc&pageSize=10");
    expect(low.body.users.map((u) => u.apiKeys[0]?.balanceMills)).toEqual([0, 1_000, 2_000, 3_000, 4_000, 5_000, 7_000, 8_000, 9_000, 10_000]);
    expect((await list("search=bal.test&sort=balance_asc&page=2")).body.users.map((u) => u.email)).toEqual(["wallet-10@bal.test", "wallet-11@bal.test", "no-key@bal.test"]);
    expect((await list("sort=richest")).status).toBe(422);
  });

  it("searches e-mail and name case-insensitively, and a whole API key in any case", async () => {
    expect((await list("search=SOKHA")).body.users.map((u) => u.email)).toEqual(["wallet-07@bal.test"]);
    expect((await list("search=WALLET-03@BAL")).body.users.map((u) => u.email)).toEqual(["wallet-03@bal.test"]);
    const byKey = await list(`search=${keys[9]!.text.toLowerCase()}`);
    expect(byKey.body.users.map((u) => u.email)).toEqual(["wallet-09@bal.test"]);
    expect(byKey.body.users[0]!.apiKeys[0]).toMatchObject({ id: keys[9]!.key.id, key: keys[9]!.text, balanceMills: 10_000, isActive: true });
    // One character different (never the key itself: a key may end in X).
    const almost = `${keys[9]!.text.slice(0, 31)}${keys[9]!.text.endsWith("X") ? "Y" : "X"}`;
    expect((await list(`search=${almost}`)).body).toMatchObject({ total: 0, users: [] });
    expect((await list("search=nobody-at-all")).body).toMatchObject({ total: 0, users: [] });
  });
});
