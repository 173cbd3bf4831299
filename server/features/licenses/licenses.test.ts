import { createPublicKey, verify } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestClient, type TestContext } from "../../test/harness";
import { createLicense } from "./service";
import { activateLicense } from "./tool";

let t: TestContext;
let owner: { client: TestClient; email: string; id: string };
let stranger: { client: TestClient; email: string; id: string };
let admin: { client: TestClient; email: string; id: string };

const DAY = 86_400_000;
const seed = (overrides: Partial<Parameters<typeof createLicense>[0]> = {}) =>
  createLicense({ db: t.database.db, planId: "local-1m", email: owner.email, userId: owner.id, ...overrides });

beforeAll(async () => {
  t = await createTestContext();
  [owner, stranger, admin] = await Promise.all([t.signedInUser(), t.signedInUser(), t.signedInUser({ role: "admin" })]);
});
afterAll(() => t.close());

type LicenseDto = { id: string; name: string; deviceKey: string | null; buyKey: string; status: string; changesLeft: number; canChangeKey: boolean; planTitle: string | null };

describe("the dashboard's licences", () => {
  it("lists the owner's licences with status, hides expirekey_ ones, searches buy key and licence key", async () => {
    const fresh = await seed({ name: "Office PC" });
    const active = await seed({ deviceKey: "LDREEL-ACTIVE-123", startDate: new Date(Date.now() - DAY), expireDate: new Date(Date.now() + 10 * DAY) });
    const lapsed = await seed({ deviceKey: "LDREEL-OLD-1", startDate: new Date(Date.now() - 40 * DAY), expireDate: new Date(Date.now() - DAY) });
    await seed({ deviceKey: "gone_expirekey_LDREEL" });
    await createLicense({ db: t.database.db, planId: "local-3m", email: stranger.email });

    const res = await owner.client.json<{ licenses: LicenseDto[] }>("/api/licenses");
    expect(res.status).toBe(200);
    const byId = new Map(res.body.licenses.map((l) => [l.id, l]));
    expect(res.body.licenses).toHaveLength(3);
    expect(byId.get(fresh.id)).toMatchObject({ status: "New", deviceKey: null, changesLeft: 2, canChangeKey: true, name: "Office PC", planTitle: "1 Month" });
    expect(byId.get(active.id)).toMatchObject({ status: "Active", canChangeKey: true });
    expect(byId.get(lapsed.id)).toMatchObject({ status: "Expired", canChangeKey: false });
    expect(fresh.buyKey).toMatch(/^KS-([A-HJKMNP-Z2-9]{5}-){3}[A-HJKMNP-Z2-9]{5}$/);

    const byBuyKey = await owner.client.json<{ licenses: LicenseDto[] }>(`/api/licenses?search=${fresh.buyKey.slice(3, 11).toLowerCase()}`);
    expect(byBuyKey.body.licenses.map((l) => l.id)).toEqual([fresh.id]);
    const byLicense = await owner.client.json<{ licenses: LicenseDto[] }>("/api/licenses?search=active-1");
    expect(byLicense.body.licenses.map((l) => l.id)).toEqual([active.id]);
    expect((await owner.client.json<{ licenses: LicenseDto[] }>("/api/licenses?search=%25")).body.licenses).toHaveLength(0);
  });

  it("renames only the owner's licence; another user gets 404, anonymous 401", async () => {
    const lic = await seed();
    const ok = await owner.client.json<{ license: LicenseDto }>(`/api/licenses/${lic.id}`, { method: "PATCH", json: { name: "Laptop" } });
    expect(ok.status).toBe(200);
    expect(ok.body.license.name).toBe("Laptop");
    const other = await stranger.client.json<{ code: string }>(`/api/licenses/${lic.id}`, { method: "PATCH", json: { name: "Mine now" } });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe("NOT_FOUND");
    expect((await t.client().json(`/api/licenses/${lic.id}`, { method: "PATCH", json: { name: "x" } })).status).toBe(401);
    expect((await owner.client.json(`/api/licenses/not-a-uuid`, { method: "PATCH", json: { name: "x" } })).status).toBe(404);
    expect((await owner.client.json(`/api/licenses/${lic.id}`, { method: "PATCH", json: { name: "x".repeat(101) } })).status).toBe(422);
  });

  it("changes a key with the spec's validation, spends one change, and writes history", async () => {
    const lic = await seed({ deviceKey: "LDREEL-OLD-A", startDate: new Date(), expireDate: new Date(Date.now() + 30 * DAY), changesLeft: 2 });
    const url = `/api/licenses/${lic.id}/change-key`;

    const empty = await owner.client.json<{ code: string; issues: Array<{ path: string; message: string }> }>(url, { json: { deviceKey: "  " } });
    expect(empty.status).toBe(422);
    expect(empty.body.issues[0]).toEqual({ path: "deviceKey", message: "License key cannot be empty" });
    const noMarker = await owner.client.json<{ issues: Array<{ message: string }> }>(url, { json: { deviceKey: "abc" } });
    expect(noMarker.body.issues[0]!.message).toBe("Invalid license key format. Please use the key provided by the tool.");

    const changed = await owner.client.json<{ license: LicenseDto }>(url, { json: { deviceKey: "LDREEL-NEW-B" } });
    expect(changed.status).toBe(200);
    expect(changed.body.license).toMatchObject({ deviceKey: "LDREEL-NEW-B", changesLeft: 1 });
    // The same key again changes nothing and costs nothing.
    const same = await owner.client.json<{ license: LicenseDto }>(url, { json: { deviceKey: "LDREEL-NEW-B" } });
    expect(same.body.license.changesLeft).toBe(1);
    expect((await stranger.client.json(url, { json: { deviceKey: "LDREEL-THIEF" } })).status).toBe(404);

    const history = await owner.client.json<{ entries: Array<{ oldDeviceKey: string; newDeviceKey: string; buykey: string; changedBy: string }>; total: number }>(
      `/api/license-history?search=${lic.buyKey}`,
    );
    expect(history.body.entries).toEqual([expect.objectContaining({ oldDeviceKey: "LDREEL-OLD-A", newDeviceKey: "LDREEL-NEW-B", buykey: lic.buyKey, changedBy: owner.email })]);
  });

  it("setting the first device key from the dashboard lowers changes left by one too (the spec's rule, decision 051); at 0 it is refused; the tool's own activation stays free", async () => {
    const fresh = await seed({ deviceKey: null, changesLeft: 2 });
    const first = await owner.client.json<{ license: LicenseDto }>(`/api/licenses/${fresh.id}/change-key`, { json: { deviceKey: "LDREEL-FIRST-1" } });
    expect(first.status).toBe(200);
    expect(first.body.license).toMatchObject({ deviceKey: "LDREEL-FIRST-1", changesLeft: 1 });
    const none = await seed({ deviceKey: null, changesLeft: 0 });
    const refused = await owner.client.json<{ code: string }>(`/api/licenses/${none.id}/change-key`, { json: { deviceKey: "LDREEL-FIRST-2" } });
    expect([refused.status, refused.body.code]).toEqual([409, "NO_CHANGES_LEFT"]);
    // The desktop tool activating itself binds its first key without spending one (docs/licence-api.md).
    const byTool = await seed({ deviceKey: null, changesLeft: 2 });
    const activated = await activateLicense({ db: t.database.db, buyKey: byTool.buyKey, deviceKey: "LDREEL-TOOL-1" });
    expect(activated.code).toBe("ACTIVATED");
    expect(activated.row).toMatchObject({ deviceKey: "LDREEL-TOOL-1", changesLeft: 2 });
  });

  it("refuses a change at 0 changes left and on an expired licence", async () => {
    const spent = await seed({ deviceKey: "LDREEL-S", startDate: new Date(), expireDate: new Date(Date.now() + DAY), changesLeft: 0 });
    const zero = await owner.client.json<{ code: string }>(`/api/licenses/${spent.id}/change-key`, { json: { deviceKey: "LDREEL-T" } });
    expect([zero.status, zero.body.code]).toEqual([409, "NO_CHANGES_LEFT"]);
    const old = await seed({ deviceKey: "LDREEL-E", startDate: new Date(Date.now() - 40 * DAY), expireDate: new Date(Date.now() - DAY) });
    const expired = await owner.client.json<{ code: string }>(`/api/licenses/${old.id}/change-key`, { json: { deviceKey: "LDREEL-F" } });
    expect([expired.status, expired.body.code]).toEqual([409, "EXPIRED"]);
  });

  it("20 concurrent changes with 1 change left: exactly one succeeds", async () => {
    const lic = await seed({ deviceKey: "LDREEL-RACE-0", startDate: new Date(), expireDate: new Date(Date.now() + DAY), changesLeft: 1 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => owner.client.json(`/api/licenses/${lic.id}/change-key`, { json: { deviceKey: `LDREEL-RACE-${i + 1}` } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const history = await owner.client.json<{ total: number }>(`/api/license-history?search=${lic.buyKey}`);
    expect(history.body.total).toBe(1);
  });

  it("history: users see their own e-mail's rows, admins all", async () => {
    const theirs = await createLicense({ db: t.database.db, planId: "local-1m", email: stranger.email, deviceKey: "LDREEL-X1", startDate: new Date(), expireDate: new Date(Date.now() + DAY) });
    expect((await stranger.client.json(`/api/licenses/${theirs.id}/change-key`, { json: { deviceKey: "LDREEL-X2" } })).status).toBe(200);
    const mine = await owner.client.json<{ entries: Array<{ email: string }> }>("/api/license-history");
    expect(mine.body.entries.every((e) => e.email === owner.email)).toBe(true);
    expect(mine.body.entries.length).toBeGreaterThan(0);
    // Searching another customer's e-mail or key finds none of their rows.
    const probe = await owner.client.json<{ entries: unknown[]; total: number }>(`/api/license-history?search=${encodeURIComponent(stranger.email)}`);
    expect([probe.body.entries, probe.body.total]).toEqual([[], 0]);
    expect((await owner.client.json<{ total: number }>(`/api/license-history?search=${theirs.buyKey}`)).body.total).toBe(0);
    const all = await admin.client.json<{ entries: Array<{ email: string }> }>(`/api/license-history?search=${stranger.email}`);
    expect(all.body.entries.map((e) => e.email)).toContain(stranger.email);
    expect((await t.client().json("/api/license-history")).status).toBe(401);
  });
});

describe("the desktop tool's licence API", () => {
  const post = (path: string, json: unknown) => t.client().request(`/api/v1/licenses/${path}`, { json });

  async function publicKey() {
    const res = await t.client().json<{ publicKeyPem: string; algorithm: string }>("/api/v1/licenses/public-key");
    expect(res.body.algorithm).toBe("Ed25519");
    return createPublicKey(res.body.publicKeyPem);
  }

  it("activates once, is idempotent on the same device, refuses a second device", async () => {
    const lic = await seed();
    const first = await post("activate", { buyKey: lic.buyKey.toLowerCase(), deviceKey: "LDREEL-DEV-1" });
    expect(first.status).toBe(200);
    const a = (await first.json()) as { code: string; valid: boolean; expiresAt: string; status: string };
    expect(a).toMatchObject({ code: "ACTIVATED", valid: true, status: "Active" });
    const term = new Date(a.expiresAt).getTime() - Date.now();
    expect(term).toBeGreaterThan(29.9 * DAY);
    expect(term).toBeLessThanOrEqual(30 * DAY);

    const again = (await (await post("activate", { buyKey: lic.buyKey, deviceKey: "LDREEL-DEV-1" })).json()) as { code: string; expiresAt: string };
    expect(again).toMatchObject({ code: "ALREADY_ACTIVE", expiresAt: a.expiresAt });

    const other = await post("activate", { buyKey: lic.buyKey, deviceKey: "LDREEL-DEV-2" });
    expect(other.status).toBe(409);
    expect(((await other.json()) as { code: string }).code).toBe("DEVICE_MISMATCH");

    expect((await post("activate", { buyKey: "KS-NOPE0-NOPE0-NOPE0-NOPE0", deviceKey: "LDREEL-DEV-1" })).status).toBe(404);
    expect((await post("activate", { buyKey: lic.buyKey, deviceKey: "no-marker" })).status).toBe(422);
  });

  it("validates with signed answers that verify with the published key and break when any byte changes", async () => {
    const key = await publicKey();
    const lic = await seed();
    const check = async (deviceKey: string, nonce?: string) => {
      const res = await post("validate", { buyKey: lic.buyKey, deviceKey, nonce });
      expect(res.status).toBe(200);
      const raw = Buffer.from(await res.arrayBuffer());
      const signature = res.headers.get("x-keyshop-signature")!.replace(/^ed25519=/, "");
      return { raw, signature, body: JSON.parse(raw.toString()) as { code: string; valid: boolean; nonce: string | null; leaseUntil: string | null; serverTime: string } };
    };

    expect((await check("LDREEL-V1")).body.code).toBe("NOT_ACTIVATED");
    await post("activate", { buyKey: lic.buyKey, deviceKey: "LDREEL-V1" });
    const ok = await check("LDREEL-V1", "nonce-12345678");
    expect(ok.body).toMatchObject({ code: "VALID", valid: true, nonce: "nonce-12345678" });
    expect(new Date(ok.body.leaseUntil!).getTime()).toBeGreaterThan(Date.now());
    expect(Math.abs(new Date(ok.body.serverTime).getTime() - Date.now())).toBeLessThan(10_000);

    expect(verify(null, ok.raw, key, Buffer.from(ok.signature, "base64"))).toBe(true);
    for (let i = 0; i < ok.raw.length; i += 7) {
      const tampered = Buffer.from(ok.raw);
      tampered[i] = tampered[i]! ^ 0x01;
      expect(verify(null, tampered, key, Buffer.from(ok.signature, "base64"))).toBe(false);
    }

    const mismatch = await check("LDREEL-OTHER");
    expect(mismatch.body).toMatchObject({ code: "DEVICE_MISMATCH", valid: false });
    expect(verify(null, mismatch.raw, key, Buffer.from(mismatch.signature, "base64"))).toBe(true);
    const missing = await post("validate", { buyKey: "KS-AAAAA-AAAAA-AAAAA-AAAAA", deviceKey: "LDREEL-V1" });
    expect(((await missing.json()) as { code: string }).code).toBe("NOT_FOUND");
  });

  it("reports EXPIRED for a lapsed term and for an expirekey_ licence", async () => {
    const lapsed = await seed({ deviceKey: "LDREEL-L", startDate: new Date(Date.now() - 40 * DAY), expireDate: new Date(Date.now() - DAY) });
    const marked = await seed({ deviceKey: "x_expirekey_LDREEL", startDate: new Date(), expireDate: new Date(Date.now() + DAY) });
    for (const [lic, device] of [[lapsed, "LDREEL-L"], [marked, "x_expirekey_LDREEL"]] as const) {
      const body = (await (await post("validate", { buyKey: lic.buyKey, deviceKey: device })).json()) as { code: string; valid: boolean };
      expect(body).toMatchObject({ code: "EXPIRED", valid: false });
    }
    expect((await post("activate", { buyKey: lapsed.buyKey, deviceKey: "LDREEL-L" })).status).toBe(409);
  });

  it("changes key from the tool only with the current device key, and spends one change", async () => {
    const lic = await seed();
    await post("activate", { buyKey: lic.buyKey, deviceKey: "LDREEL-T1" });
    const wrong = await post("change-key", { buyKey: lic.buyKey, oldDeviceKey: "LDREEL-NOT-MINE", newDeviceKey: "LDREEL-T2" });
    expect(wrong.status).toBe(409);
    const moved = await post("change-key", { buyKey: lic.buyKey, oldDeviceKey: "LDREEL-T1", newDeviceKey: "LDREEL-T2" });
    expect(((await moved.json()) as { code: string; changesLeft: number })).toMatchObject({ code: "KEY_CHANGED", changesLeft: 1 });
    const valid = (await (await post("validate", { buyKey: lic.buyKey, deviceKey: "LDREEL-T2" })).json()) as { code: string };
    expect(valid.code).toBe("VALID");
  });

  it("rate-limits per buy key with RateLimit and Retry-After headers", async () => {
    const lic = await seed();
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) last = await post("activate", { buyKey: lic.buyKey, deviceKey: "LDREEL-RL" });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last!.headers.get("ratelimit-remaining")).toBe("0");
    expect(((await last!.json()) as { code: string }).code).toBe("RATE_LIMITED");
  });
});
