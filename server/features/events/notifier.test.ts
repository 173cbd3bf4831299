// A purchase's account events leave its transaction (decision 048): the statement silences the
// triggers for itself, and the notifier sends each distinct hint of a batch once, after commit.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { apiKeys, user } from "../../db/schema";
import { createTestDatabase } from "../../test/db";
import { changeBalance } from "../balance/service";
import { ACCOUNT_CHANNEL } from "./hub";
import { AccountEventNotifier, WRITER_SENDS_ACCOUNT_EVENTS } from "./notifier";

let database: Database;
const heard: string[] = [];
let stopListening: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  stopListening = await database.listen(ACCOUNT_CHANNEL, { onMessage: (payload) => heard.push(payload), onLive: () => {}, onLost: () => {} });
});
afterAll(async () => {
  await stopListening();
  await database.close();
});

async function keyOf(userId: string) {
  const now = new Date();
  await database.db.insert(user).values({ id: userId, name: userId, email: `${userId}@example.com`, emailVerified: true, createdAt: now, updatedAt: now });
  const [key] = await database.db.insert(apiKeys).values({ userId, keyHash: `hash-${userId}`, keyEncrypted: "x" }).returning();
  return key!.id;
}

/** What arrives on the channel within `ms`, parsed. */
async function heardWithin(ms: number) {
  await new Promise((r) => setTimeout(r, ms));
  return heard.splice(0).map((p) => JSON.parse(p) as { u: string; k: string });
}

describe("account events sent by their writer", () => {
  it("a balance change is announced by its trigger; one that says it announces itself is not", async () => {
    const apiKeyId = await keyOf("notifier-a");
    await heardWithin(300);
    await database.db.transaction((tx) => changeBalance(tx, { apiKeyId, deltaMills: 500, reason: "topup", reference: "t1" }));
    expect(await heardWithin(500)).toEqual([{ u: "notifier-a", k: "balance" }]);

    await database.db.execute(sql`with quiet as (${WRITER_SENDS_ACCOUNT_EVENTS})
      update api_keys set balance_mills = balance_mills - 100 from quiet where id = ${apiKeyId}::uuid`);
    expect(await heardWithin(500)).toEqual([]);
  });

  it("sends each distinct user and kind of a batch once, after the delay", async () => {
    const notifier = new AccountEventNotifier(database.db, { delayMs: 20 });
    for (let i = 0; i < 5; i++) {
      notifier.notify("notifier-b", "balance");
      notifier.notify("notifier-b", "otp");
    }
    notifier.notify("notifier-c", "otp");
    const got = await heardWithin(600);
    expect(got).toHaveLength(3);
    expect(got).toEqual(expect.arrayContaining([{ u: "notifier-b", k: "balance" }, { u: "notifier-b", k: "otp" }, { u: "notifier-c", k: "otp" }]));
  });

  it("close() sends what is pending at once", async () => {
    const notifier = new AccountEventNotifier(database.db, { delayMs: 60_000 });
    notifier.notify("notifier-d", "balance");
    await notifier.close();
    expect(await heardWithin(300)).toEqual([{ u: "notifier-d", k: "balance" }]);
  });
});
