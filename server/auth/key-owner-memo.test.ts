import { describe, expect, it } from "vitest";
import { KeyOwnerMemo } from "./api-key";

const owner = (id: string) => ({ apiKeyId: `key-${id}`, id, email: `${id}@example.com`, name: id, role: "user" as const, superAdmin: false, emailVerified: true, language: "en" });

describe("KeyOwnerMemo", () => {
  it("remembers an owner for its time, then asks again; forget drops it at once", () => {
    let now = 1_000;
    const memo = new KeyOwnerMemo({ ttlMs: 60_000, maxEntries: 10, now: () => now });
    memo.set("h1", owner("u1"));
    expect(memo.get("h1")?.id).toBe("u1");
    now += 59_999;
    expect(memo.get("h1")?.id).toBe("u1");
    now += 1;
    expect(memo.get("h1")).toBeUndefined();
    memo.set("h2", owner("u2"));
    memo.forget("h2");
    expect(memo.get("h2")).toBeUndefined();
  });

  it("holds at most maxEntries, the oldest going first", () => {
    const memo = new KeyOwnerMemo({ ttlMs: 60_000, maxEntries: 2 });
    memo.set("h1", owner("u1"));
    memo.set("h2", owner("u2"));
    memo.set("h3", owner("u3"));
    expect([memo.get("h1"), memo.get("h2")?.id, memo.get("h3")?.id]).toEqual([undefined, "u2", "u3"]);
  });
});
