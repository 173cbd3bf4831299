import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { createTestDatabase } from "../test/db";
import { hitRateLimit, hitRateLimits, MAX_WAIT_MS, SharedRateLimiter } from "./rate-limit";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("database rate limits", () => {
  it("counts per key in a window and refuses past the limit", async () => {
    const rule = { limit: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(database.db, "k1", rule));
    expect(results.map((r) => [r.allowed, r.remaining])).toEqual([[true, 2], [true, 1], [true, 0], [false, 0]]);
    expect(results[3]!.resetSeconds).toBeGreaterThan(0);
    expect(results[3]!.resetSeconds).toBeLessThanOrEqual(60);
    expect((await hitRateLimit(database.db, "k2", rule)).remaining).toBe(2);
  });

  it("starts a new window once the old one has passed", async () => {
    const rule = { limit: 1, windowSeconds: 1 };
    expect((await hitRateLimit(database.db, "short", rule)).allowed).toBe(true);
    expect((await hitRateLimit(database.db, "short", rule)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await hitRateLimit(database.db, "short", rule)).allowed).toBe(true);
  });

  it("hits several keys with different rules in one statement, and concurrent hits are all counted", async () => {
    const both = await hitRateLimits(database.db, [
      { key: "ip:a", rule: { limit: 10, windowSeconds: 60 } },
      { key: "key:a", rule: { limit: 2, windowSeconds: 30 } },
    ]);
    expect(both.map((r) => r.remaining)).toEqual([9, 1]);
    await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(database.db, "burst", { limit: 100, windowSeconds: 60 })));
    expect((await hitRateLimit(database.db, "burst", { limit: 100, windowSeconds: 60 })).remaining).toBe(79);
  });

  it("in-memory limiters of two instances share their counts through the table after a flush", async () => {
    const rule = { limit: 10, windowSeconds: 60 };
    const a = new SharedRateLimiter(database.db, 60_000);
    const b = new SharedRateLimiter(database.db, 60_000);
    for (let i = 0; i < 6; i++) expect(a.hit("shared-key", rule).allowed).toBe(true);
    await a.flush();
    for (let i = 0; i < 3; i++) expect(b.hit("shared-key", rule).allowed).toBe(true);
    await b.flush(); // b learns a's 6: 9 in all
    expect(b.hit("shared-key", rule)).toMatchObject({ allowed: true, remaining: 0 });
    expect(b.hit("shared-key", rule).allowed).toBe(false);
    await b.flush();
    // a still believes 6 were used until it next flushes: the documented lag of one flush.
    expect(a.hit("shared-key", rule).allowed).toBe(true);
    await a.flush(); // a learns everyone's total (12)
    expect(a.hit("shared-key", rule).allowed).toBe(false);
    await Promise.all([a.stop(), b.stop()]);
  });

  it("a flush carries thousands of keys, in slices, including keys with quotes and backslashes; hits made meanwhile go with the next", async () => {
    const rule = { limit: 5, windowSeconds: 60 };
    const limiter = new SharedRateLimiter(database.db, 60_000);
    const odd = ['ip:"quoted"', "ip:back\\slash", "ip:{braces},comma"];
    const keys = [...odd, ...Array.from({ length: 5000 }, (_, i) => `many:${i}`)];
    for (const key of keys) limiter.hit(key, rule);
    limiter.hit(odd[0]!, rule);
    const flushing = limiter.flush();
    limiter.hit("many:4999", rule); // while the flush's slices are on their way
    await flushing;
    await limiter.flush();
    const after = await hitRateLimits(database.db, [odd[0]!, odd[1]!, odd[2]!, "many:0", "many:4999"].map((key) => ({ key, rule })));
    expect(after.map((r) => r.remaining)).toEqual([2, 3, 3, 3, 2]);
    await limiter.stop();
  });

  it("an instance alone keeps exact counts over many flushes, and learns of a window the table restarted", async () => {
    const rule = { limit: 5, windowSeconds: 60 };
    const limiter = new SharedRateLimiter(database.db, 60_000);
    for (let i = 0; i < 4; i++) {
      expect(limiter.hit("alone", rule).allowed).toBe(true);
      await limiter.flush(); // nobody else counted: the flush brings no row back, the count stays ours
    }
    expect(limiter.hit("alone", rule)).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.hit("alone", rule).allowed).toBe(false);
    await limiter.flush();
    // The shared window is restarted behind the instance's back (another instance saw it pass):
    await database.db.execute(sql`update api_rate_limits set count = 0, window_start = now() where key = 'alone'`);
    limiter.hit("alone", rule); // refused by memory, but counted
    await limiter.flush(); // the table's count (1) is not what memory expected (7): memory follows the table
    expect(limiter.hit("alone", rule)).toMatchObject({ allowed: true, remaining: 3 });
    await limiter.stop();
  });

  it("a flush sends only the keys hit since the last one, and expired keys leave memory", async () => {
    const short = { limit: 5, windowSeconds: 1 };
    const limiter = new SharedRateLimiter(database.db, 60_000);
    for (let i = 0; i < 50; i++) limiter.hit(`sweep:${i}`, short);
    await limiter.flush();
    expect(limiter.size).toBe(50);
    // Nothing new: the next flush writes nothing (the table keeps its counts).
    await limiter.flush();
    const counted = await hitRateLimits(database.db, [{ key: "sweep:7", rule: short }]);
    expect(counted[0]!.remaining).toBe(3); // 1 from the limiter, 1 from this hit
    await new Promise((r) => setTimeout(r, 1_100));
    limiter.hit("sweep:fresh", short);
    await limiter.flush();
    expect(limiter.size).toBe(1);
    await limiter.stop();
  });

  describe("the periodic flush (decision 086)", () => {
    const tableCount = async (key: string) => {
      const result = await database.db.execute(sql`select count from api_rate_limits where key = ${key}`);
      const row = (result as unknown as { rows: Array<{ count: number }> }).rows[0];
      return row ? Number(row.count) : undefined;
    };

    it("holds a key's few hits back for up to MAX_WAIT_MS, then sends them", async () => {
      const rule = { limit: 60, windowSeconds: 600 };
      const limiter = new SharedRateLimiter(database.db, 60_000);
      const t0 = Date.now();
      for (let i = 0; i < 5; i++) limiter.hit("due:slow", rule, t0); // under a tenth of 60
      await limiter.flushDue(t0 + 1_000);
      expect(await tableCount("due:slow")).toBeUndefined();
      await limiter.flushDue(t0 + MAX_WAIT_MS - 1);
      expect(await tableCount("due:slow")).toBeUndefined();
      await limiter.flushDue(t0 + MAX_WAIT_MS);
      expect(await tableCount("due:slow")).toBe(5);
      await limiter.stop();
    });

    it("sends a key with a tenth of its limit unflushed with the next flush, and another instance learns of it", async () => {
      const rule = { limit: 60, windowSeconds: 600 };
      const a = new SharedRateLimiter(database.db, 60_000);
      const b = new SharedRateLimiter(database.db, 60_000);
      const now = Date.now();
      for (let i = 0; i < 6; i++) a.hit("due:busy", rule, now);
      a.hit("due:quiet", rule, now);
      await a.flushDue(now + 1_000);
      expect(await tableCount("due:busy")).toBe(6);
      expect(await tableCount("due:quiet")).toBeUndefined(); // not due yet
      // b's own hits on the key reach a tenth too: its flush brings back everyone's total.
      for (let i = 0; i < 6; i++) b.hit("due:busy", rule, now);
      await b.flushDue(now + 1_000);
      expect(b.hit("due:busy", rule, now)).toMatchObject({ remaining: 60 - 13 });
      await a.stop(); // stopping sends everything
      expect(await tableCount("due:quiet")).toBe(1);
      await b.stop();
    });

    it("keeps the dirty keys in the order they waited, so the due ones are taken first and no hit is lost", async () => {
      const rule = { limit: 100, windowSeconds: 600 };
      const limiter = new SharedRateLimiter(database.db, 60_000);
      const t0 = Date.now();
      limiter.hit("due:first", rule, t0);
      limiter.hit("due:second", rule, t0 + 5_000);
      limiter.hit("due:first", rule, t0 + 6_000); // still waiting since t0
      await limiter.flushDue(t0 + MAX_WAIT_MS);
      expect(await tableCount("due:first")).toBe(2);
      expect(await tableCount("due:second")).toBeUndefined();
      await limiter.flushDue(t0 + 5_000 + MAX_WAIT_MS);
      expect(await tableCount("due:second")).toBe(1);
      await limiter.stop();
    });

    it("drops the unflushed hits of a window that has ended rather than opening the next with them", async () => {
      const rule = { limit: 60, windowSeconds: 1 };
      const limiter = new SharedRateLimiter(database.db, 60_000);
      const past = Date.now() - 5_000;
      limiter.hit("due:ended", rule, past);
      limiter.hit("due:ended", rule, past + 500);
      expect(limiter.hit("due:ended", rule, past + 1_000)).toMatchObject({ remaining: 59 }); // a new window: 1 hit
      await limiter.flush(); // that window ended too, seconds ago
      expect(await tableCount("due:ended")).toBeUndefined();
      await limiter.stop();
    });
  });
});
