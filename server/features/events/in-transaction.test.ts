// In-transaction reactions: what a handler writes commits with its cause, or neither commits.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { queryRows } from "../../db/sql-array";
import { createTestDatabase } from "../../test/db";
import { TransactionEvents } from "./in-transaction";

interface Events {
  "thing.done": { id: number };
}

let database: Database;
const rows = async () => (await queryRows<{ id: number; by: string }>(database.db, sql`select id, by from reaction_log order by seq`)).map((r) => `${r.by}:${r.id}`);

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table reaction_log (seq serial primary key, id int not null, by text not null)`);
});
afterAll(() => database.close());

describe("TransactionEvents", () => {
  it("runs the handlers of an event in the order they were added, on the cause's transaction; other events' handlers not", async () => {
    const events = new TransactionEvents<Events & { "other.thing": { id: number } }>()
      .on("thing.done", async (tx, { id }) => void (await tx.execute(sql`insert into reaction_log (id, by) values (${id}, 'first')`)))
      .on("other.thing", async (tx, { id }) => void (await tx.execute(sql`insert into reaction_log (id, by) values (${id}, 'other')`)))
      .on("thing.done", async (tx, { id }) => void (await tx.execute(sql`insert into reaction_log (id, by) values (${id}, 'second')`)));
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into reaction_log (id, by) values (1, 'cause')`);
      await events.emit(tx, "thing.done", { id: 1 });
    });
    expect(await rows()).toEqual(["cause:1", "first:1", "second:1"]);
  });

  it("a handler that fails rolls the cause back with every reaction: nothing of it is left", async () => {
    const events = new TransactionEvents<Events>()
      .on("thing.done", async (tx, { id }) => void (await tx.execute(sql`insert into reaction_log (id, by) values (${id}, 'first')`)))
      .on("thing.done", () => Promise.reject(new Error("receipt could not be queued")));
    const before = await rows();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into reaction_log (id, by) values (2, 'cause')`);
        await events.emit(tx, "thing.done", { id: 2 });
      }),
    ).rejects.toThrow("receipt could not be queued");
    expect(await rows()).toEqual(before);
  });

  it("an event nobody reacts to writes nothing", async () => {
    const before = await rows();
    await database.db.transaction((tx) => new TransactionEvents<Events>().emit(tx, "thing.done", { id: 3 }));
    expect(await rows()).toEqual(before);
  });
});
