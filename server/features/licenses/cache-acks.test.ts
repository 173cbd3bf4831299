// The writer's wait for the instances' acknowledgements (decision 071), against an in-memory
// presence table and channel: who is waited for, who is not, and the bound.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChannelHandlers } from "../../db/notifications";
import { ACK_PREFIX, AckWaits, HEARTBEAT_MS, PRESENCE_TTL_MS, SYNC_PREFIX, TRUST_MS, type PresenceStore } from "./cache-acks";
import { LicenseCache, type LicenseRow } from "./cache";

/** Instances' last heartbeats (ms on a fake clock) and what each does when told to sync. */
function fakeStore(now: () => number) {
  const seen = new Map<string, number>();
  const responders = new Map<string, (token: string) => void>();
  const waits = new AckWaits(
    {
      beat: async (id) => void seen.set(id, now()),
      leave: async (id) => void seen.delete(id),
      sync: async (token) => {
        const live = [...seen].filter(([, at]) => at > now() - PRESENCE_TTL_MS).map(([id]) => id);
        for (const respond of responders.values()) respond(token);
        return live;
      },
      ack: async () => {},
    },
    300,
  );
  /** An instance that acknowledges after `delayMs` (never: undefined). */
  const instance = (id: string, delayMs?: number) => {
    seen.set(id, now());
    if (delayMs !== undefined) responders.set(id, (token) => void setTimeout(() => waits.heard(`${token} ${id}`), delayMs));
  };
  return { seen, waits, instance };
}

describe("a writer's wait for acknowledgements", () => {
  it("ends as soon as every live instance acknowledged, even one that answered before the presence read returned", async () => {
    const { waits, instance } = fakeStore(() => Date.now());
    instance("a", 0);
    instance("b", 20);
    const settled = await waits.settle();
    expect(settled.missing).toEqual([]);
    expect(settled.waitedMs).toBeLessThan(250);
  });

  it("waits for an instance whose heartbeat is recent, then gives up at its bound and names it", async () => {
    const { waits, instance } = fakeStore(() => Date.now());
    instance("a", 0);
    instance("stuck"); // seen just now, never acknowledges (a frozen process)
    const settled = await waits.settle();
    expect(settled.missing).toEqual(["stuck"]);
    expect(settled.waitedMs).toBeGreaterThanOrEqual(290);
  });

  it("ignores an instance whose presence expired (killed three heartbeats ago)", async () => {
    let clock = 100_000;
    const { waits, instance, seen } = fakeStore(() => clock);
    instance("dead"); // its last heartbeat, then nothing
    instance("a", 0);
    clock += PRESENCE_TTL_MS + 1;
    seen.set("a", clock); // "a" kept beating
    const settled = await waits.settle();
    expect(settled).toMatchObject({ missing: [] });
    expect(settled.waitedMs).toBeLessThan(250);
  });

  it("answers anyway when the presence read fails, with the error", async () => {
    const failing: PresenceStore = { beat: async () => {}, leave: async () => {}, ack: async () => {}, sync: async () => Promise.reject(new Error("down")) };
    const settled = await new AckWaits(failing, 300).settle();
    expect(settled.error).toBeInstanceOf(Error);
  });
});

describe("an instance's cache and its presence", () => {
  afterEach(() => vi.useRealTimers());

  it("acknowledges sync notices, and serves from memory only while its heartbeats succeed", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout", "performance"] });
    let handlers!: ChannelHandlers;
    let beatsFail = false;
    const acks: string[] = [];
    const store: PresenceStore = {
      beat: async () => (beatsFail ? Promise.reject(new Error("database unreachable")) : undefined),
      leave: async () => {},
      sync: async () => [],
      ack: async (token, id) => void acks.push(`${token} ${id}`),
    };
    const cache = new LicenseCache();
    await cache.start({ db: undefined as never, listen: async (_channel, h) => ((handlers = h), async () => {}) }, store);
    handlers.onLive();
    await vi.advanceTimersByTimeAsync(0);
    expect(cache.isLive).toBe(true);
    handlers.onMessage(`${SYNC_PREFIX}t1`);
    await vi.advanceTimersByTimeAsync(0);
    expect(acks).toEqual([`t1 ${cache.instanceId}`]);

    const row = { buyKey: "K" } as LicenseRow;
    let loads = 0;
    const load = async () => (loads++, row);
    await cache.get("K", load);
    await cache.get("K", load);
    expect(loads).toBe(1);
    // Heartbeats stop succeeding: within TRUST_MS of the last good one, memory is no longer served.
    beatsFail = true;
    await vi.advanceTimersByTimeAsync(TRUST_MS + HEARTBEAT_MS);
    expect(cache.isLive).toBe(false);
    await cache.get("K", load);
    expect(loads).toBe(2);
    // Back: what was kept before the lapse is not trusted again.
    beatsFail = false;
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(cache.isLive).toBe(true);
    await cache.get("K", load);
    expect(loads).toBe(3);
    handlers.onMessage(`${ACK_PREFIX}unknown-token x`); // someone else's wait: ignored
    await cache.stop();
  });
});
