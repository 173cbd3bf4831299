// Licence protocol 2 (docs/licence-api.md): every outcome is a signed answer that names its
// request; one device key, one licence; keys rotate; protocol 1 clients get a grace period.
import { createPublicKey, verify, type KeyObject } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { licenseHistory, licenses } from "../../db/schema";
import { createTestContext, type TestContext } from "../../test/harness";
import { createLicense } from "./service";
import { retireSigningKey, rotateSigningKey } from "./signing";

let t: TestContext;
const DAY = 86_400_000;
let seq = 0;
const nonce = () => `nonce-${Date.now().toString(36)}-${++seq}-abcdefgh`;
const device = (name: string) => `PC-LDREEL-${name}-${Date.now().toString(36)}-${++seq}`;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const seed = (overrides: Partial<Parameters<typeof createLicense>[0]> = {}) => createLicense({ db: t.database.db, planId: "local-1m", email: "protocol@example.com", ...overrides });
const activeOn = (deviceKey: string, overrides: Partial<Parameters<typeof createLicense>[0]> = {}) =>
  seed({ deviceKey, startDate: new Date(Date.now() - DAY), expireDate: new Date(Date.now() + 20 * DAY), ...overrides });

interface Answer {
  protocol: number;
  action: string;
  valid: boolean;
  code: string;
  buyKey: string;
  deviceKey: string;
  nonce: string | null;
  status: string | null;
  expiresAt: string | null;
  changesLeft: number | null;
  serverTime: string;
  leaseUntil: string | null;
  maxClockRollbackSeconds: number;
  keysVersion?: number;
}

/** The published keys by id, believed only as far as this test needs (the client checks endorsements). */
async function publishedKeys(): Promise<Map<string, KeyObject>> {
  const res = await t.client().json<{ keys: Array<{ keyId: string; publicKeyPem: string }> }>("/api/v1/licenses/public-key");
  return new Map(res.body.keys.map((k) => [k.keyId, createPublicKey(k.publicKeyPem)]));
}

function parseSignatures(header: string | null): Array<{ keyId: string; signature: Buffer }> {
  expect(header).toBeTruthy();
  return header!.split(";").map((entry) => {
    const m = /^\s*keyid="([^"]+)",\s*ed25519=([A-Za-z0-9+/=]+)\s*$/.exec(entry);
    expect(m, `signature entry "${entry}"`).toBeTruthy();
    return { keyId: m![1]!, signature: Buffer.from(m![2]!, "base64") };
  });
}

/** A protocol 2 call: HTTP 200, one signature that verifies with a published key, the answer. */
async function call(path: "activate" | "validate" | "change-key", body: Record<string, unknown>, client = t.client()) {
  const res = await client.request(`/api/v1/licenses/${path}`, { json: { protocol: 2, ...body } });
  const raw = Buffer.from(await res.arrayBuffer());
  expect(res.status, raw.toString()).toBe(200);
  const [sig, ...more] = parseSignatures(res.headers.get("x-keyshop-signature"));
  expect(more).toHaveLength(0);
  const key = (await publishedKeys()).get(sig!.keyId);
  expect(key, `key ${sig!.keyId} is published`).toBeDefined();
  expect(verify(null, raw, key!, sig!.signature)).toBe(true);
  return { answer: JSON.parse(raw.toString()) as Answer, keyId: sig!.keyId, raw };
}

describe("protocol 2 answers", () => {
  it("name their request: action, normalised buy key, device key, nonce; lease 7 days; clock rule", async () => {
    const deviceKey = device("NAMED");
    const lic = await activeOn(deviceKey);
    const n = nonce();
    const { answer } = await call("validate", { buyKey: `  ${lic.buyKey.toLowerCase()} `, deviceKey: ` ${deviceKey} `, nonce: n });
    expect(answer).toMatchObject({ protocol: 2, action: "validate", valid: true, code: "VALID", buyKey: lic.buyKey, deviceKey, nonce: n, status: "Active", changesLeft: 2, maxClockRollbackSeconds: 300 });
    const lease = new Date(answer.leaseUntil!).getTime() - new Date(answer.serverTime).getTime();
    expect(lease).toBe(7 * DAY);
    expect(Object.keys(answer)).toEqual(["protocol", "action", "valid", "code", "message", "buyKey", "deviceKey", "nonce", "status", "expiresAt", "changesLeft", "serverTime", "leaseUntil", "maxClockRollbackSeconds", "keysVersion"]);
    // The key list's version, as the list itself says it (decision 035).
    const list = await t.client().json<{ keysVersion: number }>("/api/v1/licenses/public-key");
    expect(answer.keysVersion).toBe(list.body.keysVersion);
  });

  it("never lease past expiry", async () => {
    const deviceKey = device("SOON");
    const lic = await activeOn(deviceKey, { expireDate: new Date(Date.now() + 2 * DAY) });
    const { answer } = await call("validate", { buyKey: lic.buyKey, deviceKey, nonce: nonce() });
    expect(answer.leaseUntil).toBe(answer.expiresAt);
  });

  it("sign every refusal too, with HTTP 200: a forged refusal cannot pass for the server's", async () => {
    const deviceKey = device("REFUSED");
    const lic = await activeOn(deviceKey);
    const unknown = await call("activate", { buyKey: "KS-NOPE0-NOPE0-NOPE0-NOPE0", deviceKey, nonce: nonce() });
    expect(unknown.answer).toMatchObject({ action: "activate", valid: false, code: "NOT_FOUND", status: null, leaseUntil: null, buyKey: "KS-NOPE0-NOPE0-NOPE0-NOPE0" });
    const other = await call("activate", { buyKey: lic.buyKey, deviceKey: device("OTHER"), nonce: nonce() });
    expect(other.answer).toMatchObject({ valid: false, code: "DEVICE_MISMATCH", leaseUntil: null });
    const wrongOld = await call("change-key", { buyKey: lic.buyKey, oldDeviceKey: "PC-LDREEL-NOT-MINE", newDeviceKey: device("NEW"), nonce: nonce() });
    expect(wrongOld.answer).toMatchObject({ action: "change-key", valid: false, code: "DEVICE_MISMATCH" });
    const lapsed = await seed({ deviceKey: device("LAPSED"), startDate: new Date(Date.now() - 40 * DAY), expireDate: new Date(Date.now() - DAY) });
    const expired = await call("activate", { buyKey: lapsed.buyKey, deviceKey: lapsed.deviceKey!, nonce: nonce() });
    expect(expired.answer).toMatchObject({ valid: false, code: "EXPIRED", status: "Expired" });
  });

  it("echo the nonce on activate and change-key too: a recorded answer does not fit a new request", async () => {
    const lic = await seed();
    const deviceKey = device("REPLAY");
    const first = await call("activate", { buyKey: lic.buyKey, deviceKey, nonce: "first-nonce-0123456789" });
    expect(first.answer).toMatchObject({ code: "ACTIVATED", nonce: "first-nonce-0123456789" });
    const second = await call("activate", { buyKey: lic.buyKey, deviceKey, nonce: "second-nonce-0123456789" });
    expect(second.answer).toMatchObject({ code: "ALREADY_ACTIVE", nonce: "second-nonce-0123456789" });
    expect(second.raw.equals(first.raw)).toBe(false);
    const moved = await call("change-key", { buyKey: lic.buyKey, oldDeviceKey: deviceKey, newDeviceKey: `${deviceKey}-2`, nonce: "third-nonce-0123456789" });
    expect(moved.answer).toMatchObject({ code: "KEY_CHANGED", deviceKey: `${deviceKey}-2`, nonce: "third-nonce-0123456789", changesLeft: 1 });
  });

  it("require a well-formed nonce (no answer, 422, when it is missing or malformed)", async () => {
    const lic = await seed();
    for (const bad of [undefined, "short", "has spaces in it here", "x".repeat(129)]) {
      const res = await t.client().json<{ code: string; issues: Array<{ path: string }> }>("/api/v1/licenses/validate", { json: { protocol: 2, buyKey: lic.buyKey, deviceKey: "PC-LDREEL-X", nonce: bad } });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("VALIDATION_FAILED");
      expect(res.body.issues.map((i) => i.path)).toContain("nonce");
      expect(res.headers.get("x-keyshop-signature")).toBeNull();
    }
  });
});

describe("an admin's hold: SUSPENDED and REVOKED (issue #16)", () => {
  const hold = (id: string, set: { suspendedAt?: Date | null; revokedAt?: Date | null }) => t.database.db.update(licenses).set(set).where(eq(licenses.id, id));

  it("a suspended licence is refused with a signed SUSPENDED on validate, activate and change-key; resumed, it is valid again", async () => {
    const deviceKey = device("SUSPENDED");
    const lic = await activeOn(deviceKey);
    await hold(lic.id, { suspendedAt: new Date() });
    const validated = await call("validate", { buyKey: lic.buyKey, deviceKey, nonce: nonce() });
    // The term's state stays in `status` (old clients know only New, Active, Expired): `code` says why.
    expect(validated.answer).toMatchObject({ action: "validate", valid: false, code: "SUSPENDED", status: "Active", leaseUntil: null, buyKey: lic.buyKey, deviceKey });
    // The same answer on any device: the hold comes before the binding checks.
    expect((await call("validate", { buyKey: lic.buyKey, deviceKey: device("ELSEWHERE"), nonce: nonce() })).answer.code).toBe("SUSPENDED");
    expect((await call("activate", { buyKey: lic.buyKey, deviceKey, nonce: nonce() })).answer).toMatchObject({ valid: false, code: "SUSPENDED" });
    const moved = await call("change-key", { buyKey: lic.buyKey, oldDeviceKey: deviceKey, newDeviceKey: device("NEW"), nonce: nonce() });
    expect(moved.answer).toMatchObject({ valid: false, code: "SUSPENDED", changesLeft: 2 });
    const [still] = await t.database.db.select().from(licenses).where(eq(licenses.id, lic.id));
    expect(still).toMatchObject({ deviceKey: deviceKey, changesLeft: 2 });

    await hold(lic.id, { suspendedAt: null });
    expect((await call("validate", { buyKey: lic.buyKey, deviceKey, nonce: nonce() })).answer).toMatchObject({ valid: true, code: "VALID" });
  });

  it("a revoked licence is refused with a signed REVOKED, distinct from EXPIRED, even when also suspended or never activated", async () => {
    const deviceKey = device("REVOKED");
    const lic = await activeOn(deviceKey);
    await hold(lic.id, { revokedAt: new Date(), suspendedAt: new Date() });
    expect((await call("validate", { buyKey: lic.buyKey, deviceKey, nonce: nonce() })).answer).toMatchObject({ valid: false, code: "REVOKED", message: "The license has been revoked and cannot be used any more." });
    const fresh = await seed();
    await hold(fresh.id, { revokedAt: new Date() });
    const activated = await call("activate", { buyKey: fresh.buyKey, deviceKey: device("FRESH"), nonce: nonce() });
    expect(activated.answer).toMatchObject({ valid: false, code: "REVOKED", status: "New", expiresAt: null });
    const [untouched] = await t.database.db.select().from(licenses).where(eq(licenses.id, fresh.id));
    expect(untouched).toMatchObject({ deviceKey: null, startDate: null });
  });

  it("the dashboard refuses a key change of a suspended or revoked licence (409 with the error table's code for the hold)", async () => {
    const owner = await t.signedInUser();
    for (const [set, code] of [[{ suspendedAt: new Date() }, "LICENSE_SUSPENDED"], [{ revokedAt: new Date() }, "LICENSE_REVOKED"]] as const) {
      const lic = await activeOn(device("DASH"), { email: owner.email, userId: owner.id });
      await hold(lic.id, set);
      const res = await owner.client.json<{ code: string }>(`/api/licenses/${lic.id}/change-key`, { json: { deviceKey: device("DASH-NEW") } });
      expect([res.status, res.body.code]).toEqual([409, code]);
      const list = await owner.client.json<{ licenses: Array<{ id: string; status: string; canChangeKey: boolean }> }>("/api/licenses");
      expect(list.body.licenses.find((l) => l.id === lic.id)).toMatchObject({ status: code === "LICENSE_SUSPENDED" ? "Suspended" : "Revoked", canChangeKey: false });
    }
  });

  it("a revoked licence lets go of its device key for a new licence; a suspended one keeps it", async () => {
    const revokedKey = device("REVOKED-HOLDER");
    const revoked = await activeOn(revokedKey);
    await hold(revoked.id, { revokedAt: new Date() });
    expect((await call("activate", { buyKey: (await seed()).buyKey, deviceKey: revokedKey, nonce: nonce() })).answer).toMatchObject({ valid: true, code: "ACTIVATED" });
    const [released] = await t.database.db.select().from(licenses).where(eq(licenses.id, revoked.id));
    expect(released!.deviceKey).toBeNull();

    const suspendedKey = device("SUSPENDED-HOLDER");
    const suspended = await activeOn(suspendedKey);
    await hold(suspended.id, { suspendedAt: new Date() });
    expect((await call("activate", { buyKey: (await seed()).buyKey, deviceKey: suspendedKey, nonce: nonce() })).answer).toMatchObject({ valid: false, code: "DEVICE_IN_USE" });
  });

  it("protocol 1 clients are refused as for an expired licence: code and status EXPIRED, 409 on activate and change-key", async () => {
    const deviceKey = device("V1-HOLD");
    const lic = await activeOn(deviceKey);
    await hold(lic.id, { suspendedAt: new Date() });
    const validated = await t.client().request("/api/v1/licenses/validate", { json: { buyKey: lic.buyKey, deviceKey } });
    const raw = Buffer.from(await validated.arrayBuffer());
    expect(validated.status).toBe(200);
    const header = validated.headers.get("x-keyshop-signature")!;
    expect(header).toMatch(/^ed25519=/);
    expect(verify(null, raw, (await publishedKeys()).get(t.signer.keyId)!, Buffer.from(header.slice("ed25519=".length), "base64"))).toBe(true);
    expect(JSON.parse(raw.toString())).toMatchObject({ protocol: 1, valid: false, code: "EXPIRED", status: "Expired", message: "The license is suspended. Contact support." });
    const activated = await t.client().request("/api/v1/licenses/activate", { json: { buyKey: lic.buyKey, deviceKey } });
    expect([activated.status, ((await activated.json()) as Answer).code]).toEqual([409, "EXPIRED"]);
    await hold(lic.id, { revokedAt: new Date() });
    const changed = await t.client().request("/api/v1/licenses/change-key", { json: { buyKey: lic.buyKey, oldDeviceKey: deviceKey, newDeviceKey: device("V1-NEW") } });
    expect([changed.status, ((await changed.json()) as Answer & { message: string }).message]).toEqual([409, "The license has been revoked and cannot be used any more."]);
  });
});

describe("one device key, one licence", () => {
  it("the dashboard refuses another customer's device key with DEVICE_IN_USE (409), whoever asks", async () => {
    const victim = await t.signedInUser();
    const deviceKey = device("VICTIM");
    const theirs = await activeOn(deviceKey, { email: victim.email, userId: victim.id });
    // A customer, an admin and a super-admin, each on a licence of their own; nobody gets it.
    for (const role of [{}, { role: "admin" as const }, { role: "admin" as const, superAdmin: true }]) {
      const thief = await t.signedInUser(role);
      const mine = await seed({ email: thief.email, userId: thief.id });
      const res = await thief.client.json<{ code: string; message: string }>(`/api/licenses/${mine.id}/change-key`, { json: { deviceKey } });
      expect([res.status, res.body.code]).toEqual([409, "DEVICE_IN_USE"]);
      expect(res.body.message).toBe("This device key is already bound to another license. Move or release that license first.");
      expect(JSON.stringify(res.body)).not.toContain(victim.email);
      expect(JSON.stringify(res.body)).not.toContain(theirs.buyKey);
      const [after] = await t.database.db.select().from(licenses).where(eq(licenses.id, mine.id));
      expect(after!.deviceKey).toBeNull();
    }
    // Without a session, or on the victim's licence itself, the route is closed as before.
    expect((await t.client().json(`/api/licenses/${theirs.id}/change-key`, { json: { deviceKey: device("ANON") } })).status).toBe(401);
    const [still] = await t.database.db.select().from(licenses).where(eq(licenses.id, theirs.id));
    expect(still!.deviceKey).toBe(deviceKey);
  });

  it("the tool refuses it too, on activate and on change-key, with a signed DEVICE_IN_USE", async () => {
    const deviceKey = device("HELD");
    await activeOn(deviceKey);
    const fresh = await seed();
    const activate = await call("activate", { buyKey: fresh.buyKey, deviceKey, nonce: nonce() });
    expect(activate.answer).toMatchObject({ valid: false, code: "DEVICE_IN_USE", status: "New" });
    const other = device("OTHER");
    const running = await activeOn(other);
    const change = await call("change-key", { buyKey: running.buyKey, oldDeviceKey: other, newDeviceKey: deviceKey, nonce: nonce() });
    expect(change.answer).toMatchObject({ valid: false, code: "DEVICE_IN_USE", deviceKey, changesLeft: 2 });
  });

  it("an expired licence lets go of the device key when a new licence binds it, with a history row", async () => {
    const deviceKey = device("MOVES-ON");
    const old = await seed({ deviceKey, startDate: new Date(Date.now() - 40 * DAY), expireDate: new Date(Date.now() - DAY) });
    const renewed = await seed();
    const { answer } = await call("activate", { buyKey: renewed.buyKey, deviceKey, nonce: nonce() });
    expect(answer).toMatchObject({ valid: true, code: "ACTIVATED" });
    const [released] = await t.database.db.select().from(licenses).where(eq(licenses.id, old.id));
    expect(released).toMatchObject({ deviceKey: null });
    const history = await t.database.db.select().from(licenseHistory).where(eq(licenseHistory.licenseId, old.id));
    expect(history).toEqual([expect.objectContaining({ oldDeviceKey: deviceKey, newDeviceKey: null, changedBy: "system", notes: "Device key released: the device now uses another license" })]);
  });

  it("20 licences binding one free device key at once: exactly one wins", async () => {
    const deviceKey = device("RACE");
    const owner = await t.signedInUser();
    const rivals = await Promise.all(Array.from({ length: 20 }, () => seed({ email: owner.email, userId: owner.id })));
    // Half through the tool, half through the dashboard, all at once.
    const results = await Promise.all(
      rivals.map(async (lic, i) => {
        if (i % 2) return (await owner.client.json<{ code?: string }>(`/api/licenses/${lic.id}/change-key`, { json: { deviceKey } })).status === 200 ? "won" : "lost";
        const res = await t.client().request("/api/v1/licenses/activate", { json: { protocol: 2, buyKey: lic.buyKey, deviceKey, nonce: nonce() } });
        const body = (await res.json()) as Answer;
        expect(res.status).toBe(200);
        return body.valid ? "won" : body.code === "DEVICE_IN_USE" ? "lost" : body.code;
      }),
    );
    expect(results.filter((r) => r === "won")).toHaveLength(1);
    expect(results.filter((r) => r === "lost")).toHaveLength(19);
    const bound = await t.database.db.select().from(licenses).where(eq(licenses.deviceKey, deviceKey));
    expect(bound).toHaveLength(1);
  });
});

describe("signing keys", () => {
  it("rotate: the new key signs, the old one stays published, the list is endorsed by both; retiring withdraws it", async () => {
    const deviceKey = device("ROTATE");
    const lic = await activeOn(deviceKey);
    const before = await call("validate", { buyKey: lic.buyKey, deviceKey, nonce: nonce() });
    const version = before.answer.keysVersion!;
    expect(version).toBeGreaterThanOrEqual(1);
    const { keyId, previousKeyId } = await rotateSigningKey({ db: t.database.db, secret: t.config.authSecret });
    expect(previousKeyId).toBe(before.keyId);
    // Every instance reloads when the change commits (a notification); this one too.
    await expect.poll(async () => (await call("validate", { buyKey: lic.buyKey, deviceKey, nonce: nonce() })).keyId, { timeout: 5000 }).toBe(keyId);
    // A rotation is one change to the list: the answers name the next version.
    expect((await call("validate", { buyKey: lic.buyKey, deviceKey, nonce: nonce() })).answer.keysVersion).toBe(version + 1);

    const res = await t.client().request("/api/v1/licenses/public-key");
    const raw = Buffer.from(await res.arrayBuffer());
    const list = JSON.parse(raw.toString()) as { currentKeyId: string; keyId: string; keys: Array<{ keyId: string; status: string; publicKeyPem: string; publicKeyBase64: string }> };
    expect(list.currentKeyId).toBe(keyId);
    expect(list.keyId).toBe(keyId);
    expect(list.keys.map((k) => [k.keyId, k.status])).toEqual([
      [keyId, "current"],
      [previousKeyId, "previous"],
    ]);
    for (const k of list.keys) expect(Buffer.from(k.publicKeyBase64, "base64")).toHaveLength(32);
    const signatures = parseSignatures(res.headers.get("x-keyshop-signature"));
    expect(signatures.map((s) => s.keyId)).toEqual([keyId, previousKeyId]);
    for (const s of signatures) expect(verify(null, raw, createPublicKey(list.keys.find((k) => k.keyId === s.keyId)!.publicKeyPem), s.signature)).toBe(true);

    expect(list).toMatchObject({ keysVersion: version + 1, retired: [] });

    await expect(retireSigningKey({ db: t.database.db, keyId })).rejects.toThrow(/current key/);
    expect(await retireSigningKey({ db: t.database.db, keyId: previousKeyId! })).toBe(true);
    expect(await retireSigningKey({ db: t.database.db, keyId: previousKeyId! })).toBe(false); // already: nothing changes
    await expect.poll(async () => (await t.client().json<{ keys: Array<{ keyId: string }> }>("/api/v1/licenses/public-key")).body.keys.map((k) => k.keyId), { timeout: 5000 }).toEqual([keyId]);

    // Withdrawn, not forgotten: the list names the retired key for good, one version on, and only
    // the key that remains signs it; every answer names the new version.
    const after = await t.client().request("/api/v1/licenses/public-key");
    const afterRaw = Buffer.from(await after.arrayBuffer());
    const withdrawn = JSON.parse(afterRaw.toString()) as { keysVersion: number; retired: Array<{ keyId: string; publicKeyBase64: string; createdAt: string; retiredAt: string }> };
    expect(Object.keys(withdrawn)).toEqual(["algorithm", "signatureHeader", "currentKeyId", "keys", "keyId", "publicKeyPem", "publicKeyBase64", "keysVersion", "retired"]);
    expect(withdrawn.keysVersion).toBe(version + 2);
    expect(withdrawn.retired).toEqual([{ keyId: previousKeyId, publicKeyBase64: list.keys[1]!.publicKeyBase64, createdAt: expect.any(String), retiredAt: expect.any(String) }]);
    expect(Date.parse(withdrawn.retired[0]!.retiredAt)).toBeGreaterThanOrEqual(Date.parse(withdrawn.retired[0]!.createdAt));
    expect(parseSignatures(after.headers.get("x-keyshop-signature")).map((s) => s.keyId)).toEqual([keyId]);
    const answer = await call("validate", { buyKey: lic.buyKey, deviceKey, nonce: nonce() });
    expect([answer.keyId, answer.answer.keysVersion]).toEqual([keyId, version + 2]);
  });
});

describe("protocol 1 clients (decision 017)", () => {
  it("during the grace period: the old header, the old statuses, the old fields", async () => {
    const lic = await seed();
    const deviceKey = device("V1");
    const activated = await t.client().request("/api/v1/licenses/activate", { json: { buyKey: lic.buyKey, deviceKey } });
    expect(activated.status).toBe(200);
    const raw = Buffer.from(await activated.arrayBuffer());
    const header = activated.headers.get("x-keyshop-signature")!;
    expect(header).toMatch(/^ed25519=[A-Za-z0-9+/=]+$/);
    const key = (await publishedKeys()).get(t.signer.keyId)!;
    expect(verify(null, raw, key, Buffer.from(header.slice("ed25519=".length), "base64"))).toBe(true);
    expect(JSON.parse(raw.toString())).toMatchObject({ protocol: 1, valid: true, code: "ACTIVATED", message: expect.any(String), status: "Active", expiresAt: expect.any(String), changesLeft: 2, serverTime: expect.any(String), leaseUntil: expect.any(String), nonce: null });
    // Protocol 1 answers keep exactly their old fields (they know no key ids, so no key-list version).
    expect(JSON.parse(raw.toString())).not.toHaveProperty("keysVersion");

    const refused = await t.client().request("/api/v1/licenses/activate", { json: { buyKey: lic.buyKey, deviceKey: device("V1-OTHER") } });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "DEVICE_MISMATCH", message: expect.any(String) });
    expect((await t.client().request("/api/v1/licenses/change-key", { json: { buyKey: "KS-NOPE0-NOPE0-NOPE0-NOPE0", oldDeviceKey: "a", newDeviceKey: "PC-LDREEL-Z" } })).status).toBe(404);
    const validated = await t.client().request("/api/v1/licenses/validate", { json: { buyKey: lic.buyKey, deviceKey: "PC-LDREEL-NOPE", nonce: "v1-nonce" } });
    expect([validated.status, ((await validated.json()) as Answer).code]).toEqual([200, "DEVICE_MISMATCH"]);
  });

  for (const setting of ["off", "2020-01-01"]) {
    it(`after it (LICENCE_V1_UNTIL=${setting}): 426 UPGRADE_REQUIRED, while protocol 2 works`, async () => {
      const closed = await createTestContext({ LICENCE_V1_UNTIL: setting });
      try {
        const lic = await createLicense({ db: closed.database.db, planId: "local-1m", email: "v1@example.com" });
        for (const path of ["activate", "validate", "change-key"]) {
          const res = await closed.client().json<{ code: string; message: string }>(`/api/v1/licenses/${path}`, { json: { buyKey: lic.buyKey, deviceKey: "PC-LDREEL-OLD", oldDeviceKey: "PC-LDREEL-OLD", newDeviceKey: "PC-LDREEL-NEW" } });
          expect([res.status, res.body.code]).toEqual([426, "UPGRADE_REQUIRED"]);
          expect(res.body.message).toContain("Update the tool");
        }
        const v2 = await closed.client().json<Answer>("/api/v1/licenses/validate", { json: { protocol: 2, buyKey: lic.buyKey, deviceKey: "PC-LDREEL-OLD", nonce: nonce() } });
        expect([v2.status, v2.body.code]).toEqual([200, "NOT_ACTIVATED"]);
      } finally {
        await closed.close();
      }
    });
  }

  it("the lease follows LICENCE_LEASE_DAYS", async () => {
    const short = await createTestContext({ LICENCE_LEASE_DAYS: "2" });
    try {
      const deviceKey = device("LEASE");
      const lic = await createLicense({ db: short.database.db, planId: "local-1m", email: "lease@example.com", deviceKey, startDate: new Date(), expireDate: new Date(Date.now() + 20 * DAY) });
      const res = await short.client().json<Answer>("/api/v1/licenses/validate", { json: { protocol: 2, buyKey: lic.buyKey, deviceKey, nonce: nonce() } });
      expect(new Date(res.body.leaseUntil!).getTime() - new Date(res.body.serverTime).getTime()).toBe(2 * DAY);
    } finally {
      await short.close();
    }
  });
});
