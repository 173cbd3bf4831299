// The audit log's time is when an entry was written, not when its transaction began (migration
// 0032): an action recorded late in a long transaction reads after one recorded meanwhile.
// PostgreSQL only: the embedded database has one connection, so nothing happens "meanwhile".
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { createTestContext, type TestContext } from "../../test/harness";

describe.runIf(process.env.TEST_DATABASE_URL)("the audit log's clock", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const entry = (targetId: string) => ({
    actorUserId: null,
    actorEmail: "clock@example.com",
    action: "user.role",
    targetType: "user",
    targetId,
    before: null,
    after: null,
  });

  it("an entry written late in a long transaction is dated after one written meanwhile by another", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let began!: () => void;
    const started = new Promise<void>((r) => (began = r));
    const long = t.database.db.transaction(async (tx) => {
      await tx
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, "clock-none")); // the transaction has begun
      began();
      await held;
      await tx.insert(auditLog).values(entry("clock-late"));
    });
    await started;
    await new Promise((r) => setTimeout(r, 50));
    await t.database.db.insert(auditLog).values(entry("clock-meanwhile"));
    release();
    await long;
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.targetId, ["clock-late", "clock-meanwhile"]));
    const at = Object.fromEntries(
      rows.map((r) => [r.targetId, r.createdAt.getTime()]),
    );
    expect(at["clock-late"]).toBeGreaterThan(at["clock-meanwhile"]!);
  });
});
