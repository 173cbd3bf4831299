import { describe, expect, it } from "vitest";
import { oneAtATime, queuedKeys } from "./one-at-a-time";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("oneAtATime", () => {
  it("runs one key's work one at a time in arrival order, other keys beside it, and leaves nothing queued", async () => {
    const running = new Map<string, number>();
    const most = new Map<string, number>();
    const order: string[] = [];
    const work = (key: string, n: number) =>
      oneAtATime(key, async () => {
        running.set(key, (running.get(key) ?? 0) + 1);
        most.set(key, Math.max(most.get(key) ?? 0, running.get(key)!));
        await tick();
        order.push(`${key}${n}`);
        running.set(key, running.get(key)! - 1);
        return n;
      });
    const results = await Promise.all([work("a", 1), work("b", 1), work("a", 2), work("a", 3), work("b", 2)]);
    expect(results).toEqual([1, 1, 2, 3, 2]);
    expect(order.filter((o) => o.startsWith("a"))).toEqual(["a1", "a2", "a3"]);
    expect([most.get("a"), most.get("b")]).toEqual([1, 1]);
    // b did not wait for a's queue.
    expect(order.indexOf("b1")).toBeLessThan(order.indexOf("a2"));
    expect(queuedKeys()).toBe(0);
  });

  it("a failure is its caller's alone: the next in line still runs", async () => {
    const failing = oneAtATime("k", async () => {
      await tick();
      throw new Error("refused");
    });
    const next = oneAtATime("k", async () => "ran");
    await expect(failing).rejects.toThrow("refused");
    await expect(next).resolves.toBe("ran");
    expect(queuedKeys()).toBe(0);
  });
});
