import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { nextDelay, startIntervalWorker, workerStats } from "./interval-worker";
import { createLogger } from "./logger";

const logger = createLogger("silent");
let seq = 0;
/** A job every second (no jitter unless given) under a fresh name. */
const start = (pass: () => Promise<unknown>, extra: { firstAfterMs?: number; jitter?: number } = {}) => {
  const name = `test-job-${++seq}`;
  return { name, worker: startIntervalWorker({ name, everyMs: 1_000, jitter: 0, logger, pass, ...extra }) };
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("nextDelay", () => {
  it("waits one period, jittered within ± the fraction", () => {
    expect(nextDelay(10_000, 0, { random: () => 0.5 })).toBe(10_000);
    expect(nextDelay(10_000, 0, { random: () => 0 })).toBe(9_000);
    expect(nextDelay(10_000, 0, { random: () => 1 })).toBe(11_000);
    expect(nextDelay(10_000, 0, { jitter: 0, random: () => 0 })).toBe(10_000);
  });

  it("doubles after each failed pass in a row, up to the cap", () => {
    const plain = { jitter: 0 };
    expect([1, 2, 3, 4, 5].map((n) => nextDelay(10_000, n, plain))).toEqual([20_000, 40_000, 80_000, 80_000, 80_000]);
    expect(nextDelay(10_000, 3, { jitter: 0, maxBackoffMs: 30_000 })).toBe(30_000);
  });
});

describe("startIntervalWorker", () => {
  it("runs one pass at a time: a slow pass delays the next instead of overlapping it", async () => {
    let inFlight = 0;
    let most = 0;
    let passes = 0;
    const { worker } = start(async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      inFlight--;
      passes++;
    });
    await vi.advanceTimersByTimeAsync(20_000);
    const stopping = worker.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    await stopping;
    expect(most).toBe(1);
    // Each cycle is the 1 s wait plus the 5 s pass: passes start at 1, 7, 13 and 19 s.
    expect(passes).toBe(4);
  });

  it("backs off after failures, recovers after a good pass, and counts both", async () => {
    const at: number[] = [];
    let fail = 3;
    const started = Date.now();
    const { name, worker } = start(async () => {
      at.push(Date.now() - started);
      if (fail-- > 0) throw new Error("database down");
    });
    await vi.advanceTimersByTimeAsync(20_000);
    await worker.stop();
    // 1 s, then +2 s, +4 s, +8 s after three failures, then +1 s again.
    expect(at.slice(0, 6)).toEqual([1_000, 3_000, 7_000, 15_000, 16_000, 17_000]);
    const stats = workerStats().find((s) => s.name === name)!;
    expect(stats.failures).toBe(3);
    expect(stats.failingInARow).toBe(0);
    expect(stats.passes).toBe(at.length);
    expect(stats.lastSuccessAt).not.toBeNull();
  });

  it("stop waits for the pass in progress and no pass starts after it", async () => {
    let finished = false;
    let passes = 0;
    const { worker } = start(
      async () => {
        passes++;
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        finished = true;
      },
      { firstAfterMs: 0 },
    );
    await vi.advanceTimersByTimeAsync(10);
    const stopping = worker.stop();
    await vi.advanceTimersByTimeAsync(3_000);
    await stopping;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(passes).toBe(1);
  });
});
