// The validate cache must never serve a licence older than its last change, whoever made it.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { licenses } from "../../db/schema";
import { createTestContext, type TestContext } from "../../test/harness";
import { LicenseCache } from "./cache";
import { createLicense } from "./service";
import { validateLicense } from "./tool";

let t: TestContext;
let cache: LicenseCache;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestContext();
  cache = new LicenseCache();
  await cache.start(t.database);
});
afterAll(async () => {
  await cache.stop();
  await t.close();
});

const activeLicense = (device: string) =>
  createLicense({ db: t.database.db, planId: "local-1m", email: "cache@example.com", deviceKey: device, startDate: new Date(Date.now() - DAY), expireDate: new Date(Date.now() + 10 * DAY) });

/** Notifications travel over a connection; on PostgreSQL they arrive a moment after the commit. */
async function eventually(check: () => Promise<void>, timeoutMs = 2000) {
  const started = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() - started > timeoutMs) throw err;
      await new Promise((r) => setTimeout(r, 5));
    }
  }
}

const validate = (buyKey: string, deviceKey: string) => validateLicense({ db: t.database.db, cache, buyKey, deviceKey });

describe("the licence cache", () => {
  it("serves repeated validations from memory", async () => {
    const lic = await activeLicense("LDREEL-CACHE-1");
    await eventually(async () => expect(cache.isLive).toBe(true));
    expect((await validate(lic.buyKey, "LDREEL-CACHE-1")).code).toBe("VALID");
    // The INSERT's own notification may arrive after that first load and drop the row once.
    await eventually(async () => {
      const before = cache.hits;
      await validate(lic.buyKey, "LDREEL-CACHE-1");
      expect(cache.hits).toBe(before + 1);
    });
    const hits = cache.hits;
    for (let i = 0; i < 5; i++) expect((await validate(lic.buyKey, "LDREEL-CACHE-1")).code).toBe("VALID");
    expect(cache.hits).toBe(hits + 5);
  });

  it("drops a licence when anything changes it, even SQL run by hand", async () => {
    const lic = await activeLicense("LDREEL-CACHE-2");
    expect((await validate(lic.buyKey, "LDREEL-CACHE-2")).code).toBe("VALID");
    // A change no code path of ours knows about: only the trigger can tell the cache.
    await t.database.db.update(licenses).set({ deviceKey: "LDREEL-MOVED" }).where(eq(licenses.id, lic.id));
    await eventually(async () => expect((await validate(lic.buyKey, "LDREEL-CACHE-2")).code).toBe("DEVICE_MISMATCH"));
    expect((await validate(lic.buyKey, "LDREEL-MOVED")).code).toBe("VALID");

    await t.database.db.execute(sql`update licenses set expire_date = now() - interval '1 day' where id = ${lic.id}`);
    await eventually(async () => expect((await validate(lic.buyKey, "LDREEL-MOVED")).code).toBe("EXPIRED"));

    await t.database.db.delete(licenses).where(eq(licenses.id, lic.id));
    await eventually(async () => expect((await validate(lic.buyKey, "LDREEL-MOVED")).code).toBe("NOT_FOUND"));
  });

  it("a key change through the tool API is seen by the very next validate", async () => {
    const lic = await activeLicense("LDREEL-CACHE-3");
    const client = t.client();
    const post = (path: string, json: unknown) => client.json<{ code: string }>(`/api/v1/licenses/${path}`, { method: "POST", json });
    expect((await post("validate", { buyKey: lic.buyKey, deviceKey: "LDREEL-CACHE-3" })).body.code).toBe("VALID");
    expect((await post("change-key", { buyKey: lic.buyKey, oldDeviceKey: "LDREEL-CACHE-3", newDeviceKey: "LDREEL-CACHE-3B" })).body.code).toBe("KEY_CHANGED");
    expect((await post("validate", { buyKey: lic.buyKey, deviceKey: "LDREEL-CACHE-3" })).body.code).toBe("DEVICE_MISMATCH");
    expect((await post("validate", { buyKey: lic.buyKey, deviceKey: "LDREEL-CACHE-3B" })).body.code).toBe("VALID");
  });

  it("a suspension or revocation is seen by the next validate: the trigger fires on every column", async () => {
    const lic = await activeLicense("LDREEL-CACHE-HOLD");
    await eventually(async () => {
      const before = cache.hits;
      expect((await validate(lic.buyKey, "LDREEL-CACHE-HOLD")).code).toBe("VALID");
      expect(cache.hits).toBe(before + 1);
    });
    // Another instance's change (the trigger's notification is all this cache hears of it).
    await t.database.db.update(licenses).set({ suspendedAt: new Date() }).where(eq(licenses.id, lic.id));
    await eventually(async () => expect((await validate(lic.buyKey, "LDREEL-CACHE-HOLD")).code).toBe("SUSPENDED"));
    await t.database.db.update(licenses).set({ suspendedAt: null }).where(eq(licenses.id, lic.id));
    await eventually(async () => expect((await validate(lic.buyKey, "LDREEL-CACHE-HOLD")).code).toBe("VALID"));
    await t.database.db.execute(sql`update licenses set revoked_at = now() where id = ${lic.id}`);
    await eventually(async () => expect((await validate(lic.buyKey, "LDREEL-CACHE-HOLD")).code).toBe("REVOKED"));
  });

  it("a load that races with a change is not kept", async () => {
    const lic = await activeLicense("LDREEL-CACHE-4");
    const local = new LicenseCache();
    await local.start(t.database);
    const stale = await t.database.db.select().from(licenses).where(eq(licenses.id, lic.id));
    // The change's notice arrives while the (old) row is still being loaded.
    await local.get(lic.buyKey, async () => {
      local.evict(lic.buyKey);
      return stale[0];
    });
    let loads = 0;
    await local.get(lic.buyKey, async () => (loads++, stale[0]));
    expect(loads).toBe(1);
    await local.stop();
  });

  it("keeps nothing and reads the database while it is not listening", async () => {
    const lic = await activeLicense("LDREEL-CACHE-5");
    const offline = new LicenseCache();
    let loads = 0;
    const load = async () => (loads++, (await t.database.db.select().from(licenses).where(eq(licenses.id, lic.id)))[0]);
    await offline.get(lic.buyKey, load);
    await offline.get(lic.buyKey, load);
    expect(loads).toBe(2);
    expect(offline.hits).toBe(0);
  });
});

describe("a writer answers once every live instance dropped the licence (decision 071)", () => {
  it("waits for the other instance's acknowledgement: right after settle, the other's memory no longer holds the old row", async () => {
    const other = new LicenseCache();
    await other.start(t.database);
    await eventually(async () => expect(other.isLive && cache.isLive).toBe(true));
    for (let i = 0; i < 10; i++) {
      const lic = await activeLicense(`LDREEL-CACHE-7-${i}`);
      const load = async (key: string) => (await t.database.db.select().from(licenses).where(eq(licenses.buyKey, key)))[0];
      // The creation's own notice may drop the first load: load until the other serves from memory.
      await eventually(async () => {
        const hits = other.hits;
        await other.get(lic.buyKey, load);
        expect(other.hits).toBe(hits + 1);
      });
      await t.database.db.update(licenses).set({ deviceKey: `LDREEL-CACHE-7-${i}B` }).where(eq(licenses.id, lic.id));
      const settled = await cache.settle();
      expect(settled?.missing).toEqual([]);
      expect((await other.get(lic.buyKey, load))?.deviceKey).toBe(`LDREEL-CACHE-7-${i}B`);
    }
    await other.stop();
  });

  it("does not wait for an instance that stopped listening", async () => {
    const gone = new LicenseCache();
    await gone.start(t.database);
    await eventually(async () => expect(gone.isLive).toBe(true));
    await gone.stop();
    const settled = await cache.settle();
    expect(settled?.missing).toEqual([]);
    expect(settled!.waitedMs).toBeLessThan(1000);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("the licence cache on PostgreSQL", () => {
  it("stops trusting memory when its listening connection dies, and resumes after reconnecting", async () => {
    const lic = await activeLicense("LDREEL-CACHE-6");
    await eventually(async () => expect(cache.isLive).toBe(true));
    expect((await validate(lic.buyKey, "LDREEL-CACHE-6")).code).toBe("VALID");
    await t.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`);
    await eventually(async () => expect(cache.isLive).toBe(false));
    // While deaf, a change must still be seen: reads go to the database.
    await t.database.db.update(licenses).set({ deviceKey: "LDREEL-CACHE-6B" }).where(eq(licenses.id, lic.id));
    expect((await validate(lic.buyKey, "LDREEL-CACHE-6")).code).toBe("DEVICE_MISMATCH");
    await eventually(async () => expect(cache.isLive).toBe(true), 5000);
    expect((await validate(lic.buyKey, "LDREEL-CACHE-6B")).code).toBe("VALID");
  });
});
