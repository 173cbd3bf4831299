import { describe, expect, it } from "vitest";
import { createTurnBatch } from "./turn-batch";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("work put off to the end of the turn", () => {
  it("runs nothing at once, then the turn's tasks together and in order", async () => {
    const done: string[] = [];
    const later = createTurnBatch(() => {});
    later(() => done.push("a"));
    later(() => done.push("b"));
    await Promise.resolve(); // microtasks are still the same turn
    expect(done).toEqual([]);
    later(() => done.push("c"));
    await nextTurn();
    expect(done).toEqual(["a", "b", "c"]);
  });

  it("a failing task is reported and the turn's others still run", async () => {
    const errors: unknown[] = [];
    const done: string[] = [];
    const later = createTurnBatch((err) => errors.push(err));
    later(() => done.push("before"));
    later(() => {
      throw new Error("boom");
    });
    later(() => done.push("after"));
    await nextTurn();
    expect(done).toEqual(["before", "after"]);
    expect(errors).toHaveLength(1);
  });

  it("a task added while the turn's tasks run goes with the next turn", async () => {
    const done: string[] = [];
    const later = createTurnBatch(() => {});
    later(() => {
      done.push("first");
      later(() => done.push("second"));
    });
    await nextTurn();
    expect(done).toEqual(["first"]);
    await nextTurn();
    expect(done).toEqual(["first", "second"]);
  });
});
