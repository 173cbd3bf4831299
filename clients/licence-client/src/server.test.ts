// The reference client against the real server, over real HTTP: the attacks of issue #12 seen
// from the tool's side (relay, replay, forged refusal), key rotation, and offline use.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { licenses } from "../../../server/db/schema";
import { createLicense } from "../../../server/features/licenses/service";
import { rotateSigningKey } from "../../../server/features/licenses/signing";
import type { TestContext } from "../../../server/test/harness";
import { startRealShop, type RealShop } from "../test-support/real-shop";
import { LicenseClient, MemoryStorage, type CheckResult, type TrustedKey } from "./index";
import { leaseStorageKey } from "./lease";

const DAY = 86_400_000;
let shop: RealShop;
let t: TestContext;
let baseUrl: string;
/** The key the tool was built with: the shop's current key when the test starts. */
let builtIn: TrustedKey[];

beforeAll(async () => {
  shop = await startRealShop();
  ({ t, baseUrl } = shop);
  const list = JSON.parse(t.signer.keyList().body) as { keys: TrustedKey[] };
  builtIn = list.keys.map((k) => ({ keyId: k.keyId, publicKeyBase64: k.publicKeyBase64 }));
});
afterAll(() => shop.close());

let seq = 0;
const newLicense = (bound?: string) =>
  createLicense({
    db: t.database.db,
    planId: "local-1m",
    email: `client-${++seq}@example.com`,
    ...(bound ? { deviceKey: bound, startDate: new Date(Date.now() - DAY), expireDate: new Date(Date.now() + 20 * DAY) } : {}),
  });
const client = (opts: { fetch?: typeof fetch; storage?: MemoryStorage; now?: () => Date } = {}) => new LicenseClient({ baseUrl, trustedKeys: builtIn, ...opts });

describe("the reference client against the server", () => {
  it("activates, validates, moves the licence and validates on the new device", async () => {
    const lic = await newLicense();
    const tool = client();
    const activated = await tool.activate({ buyKey: lic.buyKey, deviceKey: "PC-LDREEL-CLIENT-A" });
    expect(activated).toMatchObject({ kind: "answer", answer: { valid: true, code: "ACTIVATED", status: "Active" } });
    expect(await tool.check({ buyKey: lic.buyKey, deviceKey: "PC-LDREEL-CLIENT-A" })).toMatchObject({ ok: true, source: "online" });
    const moved = await tool.changeKey({ buyKey: lic.buyKey, oldDeviceKey: "PC-LDREEL-CLIENT-A", newDeviceKey: "PC-LDREEL-CLIENT-B" });
    expect(moved).toMatchObject({ kind: "answer", answer: { code: "KEY_CHANGED", deviceKey: "PC-LDREEL-CLIENT-B", changesLeft: 1 } });
    expect(await tool.check({ buyKey: lic.buyKey, deviceKey: "PC-LDREEL-CLIENT-A" })).toMatchObject({ ok: false, reason: "refused", answer: { code: "DEVICE_MISMATCH" } });
    expect(await tool.check({ buyKey: lic.buyKey, deviceKey: "PC-LDREEL-CLIENT-B" })).toMatchObject({ ok: true, source: "online" });
  });

  it("a relay that forwards the nonce with a paid licence's keys gets an answer the unpaid install rejects", async () => {
    const paid = await newLicense("PC-LDREEL-PAID");
    const unpaid = await newLicense();
    // The proxy swaps in the paid licence's buy key and device key, keeps the install's nonce.
    const relay: typeof fetch = async (input, init) => {
      const body = JSON.parse(String(init!.body)) as Record<string, unknown>;
      return fetch(input, { ...init, body: JSON.stringify({ ...body, buyKey: paid.buyKey, deviceKey: "PC-LDREEL-PAID" }) });
    };
    const install = client({ fetch: relay });
    const result = await install.validate({ buyKey: unpaid.buyKey, deviceKey: "PC-LDREEL-UNPAID" });
    expect(result).toEqual({ kind: "rejected", reason: "buy-key" });
    expect(await install.check({ buyKey: unpaid.buyKey, deviceKey: "PC-LDREEL-UNPAID" })).toMatchObject({ ok: false, reason: "no-lease", online: { kind: "rejected", reason: "buy-key" } });
    // The same relay with only the device key swapped (a licence shared by buy key) fails too.
    const sameKey: typeof fetch = async (input, init) => {
      const body = JSON.parse(String(init!.body)) as Record<string, unknown>;
      return fetch(input, { ...init, body: JSON.stringify({ ...body, deviceKey: "PC-LDREEL-PAID" }) });
    };
    expect(await client({ fetch: sameKey }).validate({ buyKey: paid.buyKey, deviceKey: "PC-LDREEL-COPY" })).toEqual({ kind: "rejected", reason: "device-key" });
  });

  it("a recorded activate answer replayed to a new request is rejected (nonce)", async () => {
    const lic = await newLicense();
    let recorded: { status: number; headers: Headers; body: string } | undefined;
    const recorder: typeof fetch = async (input, init) => {
      if (recorded) return new Response(recorded.body, { status: recorded.status, headers: recorded.headers });
      const res = await fetch(input, init);
      recorded = { status: res.status, headers: res.headers, body: await res.text() };
      return new Response(recorded.body, { status: recorded.status, headers: recorded.headers });
    };
    const tool = client({ fetch: recorder });
    expect(await tool.activate({ buyKey: lic.buyKey, deviceKey: "PC-LDREEL-REPLAY" })).toMatchObject({ kind: "answer", answer: { code: "ACTIVATED" } });
    expect(await tool.activate({ buyKey: lic.buyKey, deviceKey: "PC-LDREEL-REPLAY" })).toEqual({ kind: "rejected", reason: "nonce" });
  });

  it("a forged refusal (unsigned, or signed by another key) does not end the lease; the server's own refusal does", async () => {
    const lic = await newLicense("PC-LDREEL-FORGE");
    const storage = new MemoryStorage();
    expect(await client({ storage }).check({ buyKey: lic.buyKey, deviceKey: "PC-LDREEL-FORGE" })).toMatchObject({ ok: true, source: "online" });
    // A man in the middle answers "expired" for the request it saw, nonce and all.
    const forger: typeof fetch = async (_input, init) => {
      const body = JSON.parse(String(init!.body)) as { buyKey: string; deviceKey: string; nonce: string };
      const now = new Date().toISOString();
      const refusal = { protocol: 2, action: "validate", valid: false, code: "EXPIRED", message: "The license has expired.", buyKey: body.buyKey, deviceKey: body.deviceKey, nonce: body.nonce, status: "Expired", expiresAt: now, changesLeft: 0, serverTime: now, leaseUntil: null, maxClockRollbackSeconds: 300 };
      return new Response(JSON.stringify(refusal), { status: 200, headers: { "content-type": "application/json" } });
    };
    expect(await client({ fetch: forger, storage }).check({ buyKey: lic.buyKey, deviceKey: "PC-LDREEL-FORGE" })).toMatchObject({ ok: true, source: "lease", online: { kind: "rejected", reason: "no-signature" } });
    // The server's own, signed refusal is believed and ends the lease.
    const other = await client({ storage }).check({ buyKey: lic.buyKey, deviceKey: "PC-LDREEL-ELSEWHERE" });
    expect(other).toMatchObject({ ok: false, reason: "refused", answer: { code: "DEVICE_MISMATCH" } });
  });

  for (const [hold, code] of [["suspendedAt", "SUSPENDED"], ["revokedAt", "REVOKED"]] as const) {
    it(`a signed ${code} is a refusal that drops the lease at once, unlike a network failure`, async () => {
      const lic = await newLicense(`PC-LDREEL-${code}`);
      const storage = new MemoryStorage();
      const deviceKey = `PC-LDREEL-${code}`;
      expect(await client({ storage }).check({ buyKey: lic.buyKey, deviceKey })).toMatchObject({ ok: true, source: "online" });
      expect(await storage.get(leaseStorageKey(lic.buyKey, deviceKey))).not.toBeNull();
      // Offline, the lease carries the tool.
      const offline: typeof fetch = () => Promise.reject(new TypeError("fetch failed"));
      expect(await client({ fetch: offline, storage }).check({ buyKey: lic.buyKey, deviceKey })).toMatchObject({ ok: true, source: "lease", online: { kind: "no-answer", reason: "network" } });
      // An admin puts the licence on hold: the next online check is refused, verified, and ends the lease.
      await t.database.db.update(licenses).set({ [hold]: new Date() }).where(eq(licenses.id, lic.id));
      // The licence cache drops the row when the change's notification arrives (decision 010): at
      // once in process, a few milliseconds later from PostgreSQL.
      let refused: CheckResult | undefined;
      await expect.poll(async () => (refused = await client({ storage }).check({ buyKey: lic.buyKey, deviceKey })).ok, { timeout: 5000 }).toBe(false);
      expect(refused).toMatchObject({ ok: false, reason: "refused", answer: { valid: false, code, status: "Active", leaseUntil: null } });
      expect(await storage.get(leaseStorageKey(lic.buyKey, deviceKey))).toBeNull();
      // So going offline afterwards gives nothing to run on.
      expect(await client({ fetch: offline, storage }).check({ buyKey: lic.buyKey, deviceKey })).toMatchObject({ ok: false, reason: "no-lease" });
    });
  }

  it("keeps running offline on its lease, and stops when the clock is turned back", async () => {
    const lic = await newLicense("PC-LDREEL-OFFLINE");
    const storage = new MemoryStorage();
    let now = new Date();
    expect(await client({ storage, now: () => now }).check({ buyKey: lic.buyKey, deviceKey: "PC-LDREEL-OFFLINE" })).toMatchObject({ ok: true, source: "online" });
    const offline: typeof fetch = () => Promise.reject(new TypeError("fetch failed"));
    now = new Date(Date.now() + 6 * DAY);
    expect(await client({ fetch: offline, storage, now: () => now }).check({ buyKey: lic.buyKey, deviceKey: "PC-LDREEL-OFFLINE" })).toMatchObject({ ok: true, source: "lease" });
    now = new Date(Date.now() + 8 * DAY); // past the 7-day lease
    expect(await client({ fetch: offline, storage, now: () => now }).check({ buyKey: lic.buyKey, deviceKey: "PC-LDREEL-OFFLINE" })).toMatchObject({ ok: false, reason: "lease-expired" });
    now = new Date(Date.now() - DAY); // the clock turned back to make the lease last
    expect(await client({ fetch: offline, storage, now: () => now }).check({ buyKey: lic.buyKey, deviceKey: "PC-LDREEL-OFFLINE" })).toMatchObject({ ok: false, reason: "clock-rollback" });
  });

  it("learns a rotated key through the key list endorsed by the key it was built with", async () => {
    const lic = await newLicense("PC-LDREEL-ROTATE");
    const storage = new MemoryStorage();
    const { keyId } = await rotateSigningKey({ db: t.database.db, secret: t.config.authSecret });
    await expect.poll(() => t.signer.keyId, { timeout: 5000 }).toBe(keyId);
    const tool = client({ storage });
    const result = await tool.validate({ buyKey: lic.buyKey, deviceKey: "PC-LDREEL-ROTATE" });
    expect(result).toMatchObject({ kind: "answer", keyId, answer: { code: "VALID" } });
    expect(await tool.trustedKeyIds()).toEqual(expect.arrayContaining([keyId, builtIn[0]!.keyId]));
  });
});
