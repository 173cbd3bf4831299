// Abuse signals: distinct client addresses and refused device keys per licence over 24 hours,
// flagged above the thresholds, once a day in the audit log, listed on the admin Overview.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Overview } from "../../../contracts/admin";
import { auditLog } from "../../db/schema";
import { createTestContext, type TestContext } from "../../test/harness";
import { createLicense } from "./service";
import { flagSuspiciousLicenses } from "./signals";

let t: TestContext;
const DAY = 86_400_000;
const THRESHOLDS = { addresses: 5, refusedKeys: 2 };
let n = 0;
const nonce = () => `signal-nonce-${++n}-0123456789`;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function activeLicense(deviceKey: string, email = "signals@example.com") {
  return createLicense({ db: t.database.db, planId: "local-1m", email, deviceKey, startDate: new Date(), expireDate: new Date(Date.now() + 20 * DAY) });
}

/** Each TestClient calls from its own address (X-Forwarded-For, TRUST_PROXY on in tests). */
async function validateFrom(addresses: number, buyKey: string, deviceKeys: string[]) {
  for (let i = 0; i < addresses; i++) {
    const client = t.client();
    for (const deviceKey of deviceKeys) {
      const res = await client.request("/api/v1/licenses/validate", { json: { protocol: 2, buyKey, deviceKey, nonce: nonce() } });
      expect(res.status).toBe(200);
    }
  }
}

const suspiciousAudits = (licenseId: string) => t.database.db.select().from(auditLog).where(and(eq(auditLog.action, "licence.suspicious"), eq(auditLog.targetId, licenseId)));

describe("abuse signals", () => {
  it("flag a licence used from more than 5 addresses in 24 hours, once a day in the audit log", async () => {
    const shared = await activeLicense("PC-LDREEL-SHARED", "sharer@example.com");
    const normal = await activeLicense("PC-LDREEL-NORMAL");
    await validateFrom(6, shared.buyKey, ["PC-LDREEL-SHARED"]);
    await validateFrom(5, normal.buyKey, ["PC-LDREEL-NORMAL"]); // at the threshold, not above it
    await t.licenseSignals.flush();

    const flagged = await flagSuspiciousLicenses({ db: t.database.db, thresholds: THRESHOLDS });
    expect(flagged).toContain(shared.id);
    expect(flagged).not.toContain(normal.id);
    const [audit] = await suspiciousAudits(shared.id);
    expect(audit).toMatchObject({ actorEmail: "system", targetType: "licence", note: "In 24 hours: 6 client addresses, 0 refused device keys" });
    expect(audit!.after).toMatchObject({ addresses: 6, refusedKeys: 0, thresholds: THRESHOLDS });

    // More traffic the same day updates the counts, but writes no second event, also when two
    // instances run the check at once.
    await validateFrom(2, shared.buyKey, ["PC-LDREEL-SHARED"]);
    await t.licenseSignals.flush();
    const again = await Promise.all([flagSuspiciousLicenses({ db: t.database.db, thresholds: THRESHOLDS }), flagSuspiciousLicenses({ db: t.database.db, thresholds: THRESHOLDS })]);
    expect(again.flat()).not.toContain(shared.id);
    expect(await suspiciousAudits(shared.id)).toHaveLength(1);

    // The same address again and again is one address.
    const busy = await activeLicense("PC-LDREEL-BUSY");
    const one = t.client();
    for (let i = 0; i < 20; i++) await one.request("/api/v1/licenses/validate", { json: { protocol: 2, buyKey: busy.buyKey, deviceKey: "PC-LDREEL-BUSY", nonce: nonce() } });
    await t.licenseSignals.flush();
    expect(await flagSuspiciousLicenses({ db: t.database.db, thresholds: THRESHOLDS })).not.toContain(busy.id);
  });

  it("flag a licence that more than 2 other device keys tried", async () => {
    const lic = await activeLicense("PC-LDREEL-OWNER");
    await validateFrom(1, lic.buyKey, ["PC-LDREEL-COPY-1", "PC-LDREEL-COPY-2"]);
    await t.licenseSignals.flush();
    expect(await flagSuspiciousLicenses({ db: t.database.db, thresholds: THRESHOLDS })).not.toContain(lic.id);
    await validateFrom(1, lic.buyKey, ["PC-LDREEL-COPY-3", "PC-LDREEL-OWNER"]);
    await t.licenseSignals.flush();
    expect(await flagSuspiciousLicenses({ db: t.database.db, thresholds: THRESHOLDS })).toContain(lic.id);
    expect((await suspiciousAudits(lic.id))[0]!.note).toBe("In 24 hours: 2 client addresses, 3 refused device keys");
  });

  it("admins see flagged licences on the Overview with their counts; the audit log names the owner", async () => {
    const lic = await activeLicense("PC-LDREEL-OVERVIEW", "flagged-owner@example.com");
    await validateFrom(7, lic.buyKey, ["PC-LDREEL-OVERVIEW"]);
    await t.licenseSignals.flush();
    await flagSuspiciousLicenses({ db: t.database.db, thresholds: THRESHOLDS });

    const admin = await t.signedInUser({ role: "admin", superAdmin: true });
    const overview = await admin.client.json<Overview>("/api/admin/overview");
    expect(overview.status).toBe(200);
    expect(overview.body.suspicionThresholds).toEqual(THRESHOLDS);
    expect(overview.body.suspiciousLicences.find((s) => s.licenceId === lic.id)).toMatchObject({ buyKey: lic.buyKey, email: "flagged-owner@example.com", deviceKey: "PC-LDREEL-OVERVIEW", addresses: 7, refusedKeys: 0 });
    const audit = await admin.client.json<{ entries: Array<{ action: string; targetId: string; targetEmail: string | null }> }>("/api/admin/audit?action=licence.suspicious");
    expect(audit.body.entries.find((e) => e.targetId === lic.id)).toMatchObject({ targetEmail: "flagged-owner@example.com" });
  });
});
