// Licence actions from the customer's page (issue #16): each one's change, audit row, history row
// and e-mail; revoked is final (409); refusals write nothing; concurrent actions queue on the row
// lock; the desktop tool hears a suspension at its very next validate.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomerView, LicenseActionResponse } from "../../../contracts/customers";
import { auditLog, emailOutbox, licenseHistory, licenses, shopEvents } from "../../db/schema";
import { createTestContext, type SignedInUser, type TestContext } from "../../test/harness";
import { formatDate } from "../../../contracts/dates";
import { createLicense } from "./service";

let t: TestContext;
let admin: SignedInUser;
const DAY = 86_400_000;
let seq = 0;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signedInUser({ role: "admin" });
});
afterAll(() => t.close());

type Answer = LicenseActionResponse & { code?: string; message: string; issues?: Array<{ path: string }> };
const act = (id: string, body: Record<string, unknown>, client = admin.client) => client.json<Answer>(`/api/admin/licenses/${id}/actions`, { json: { reason: "Customer asked by chat", ...body } });
const rowOf = async (id: string) => (await t.database.db.select().from(licenses).where(eq(licenses.id, id)))[0]!;
const auditOf = (id: string) => t.database.db.select().from(auditLog).where(and(eq(auditLog.targetType, "licence"), eq(auditLog.targetId, id))).orderBy(auditLog.createdAt);
const historyOf = (id: string) => t.database.db.select().from(licenseHistory).where(eq(licenseHistory.licenseId, id)).orderBy(licenseHistory.changeDate);
const mailsTo = async (email: string) => (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.createdAt))).map((m) => m.template);

function email() {
  return `actions-${stamp}-${++seq}@example.com`;
}
const device = () => `PC-LDREEL-ACT-${stamp}-${++seq}`;
const active = (overrides: Partial<Parameters<typeof createLicense>[0]> = {}) =>
  createLicense({ db: t.database.db, planId: "local-1m", email: email(), deviceKey: device(), startDate: new Date(Date.now() - DAY), expireDate: new Date(Date.now() + 10 * DAY), ...overrides });

/** The desktop tool's signed validate answer (protocol.test.ts checks the signatures). */
async function validate(buyKey: string, deviceKey: string) {
  const res = await t.client().json<{ valid: boolean; code: string }>("/api/v1/licenses/validate", { json: { protocol: 2, buyKey, deviceKey, nonce: `actions-nonce-${++seq}-0123456789` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("x-keyshop-signature")).toMatch(/^keyid="/);
  return res.body;
}

/** The shop events written about one licence (the webhooks' and Telegram's source). */
const eventsOf = async (type: string, licenseId: string) =>
  (await t.database.db.select().from(shopEvents).where(eq(shopEvents.type, type as never))).filter((e) => (e.data as { licenceId?: string }).licenceId === licenseId);

describe("the owner's language (decision 040)", () => {
  it("an admin's licence actions e-mail the owner in their account's language: Khmer subject, plan, and the date in Khmer month names", async () => {
    const owner = await t.signedInUser();
    expect((await owner.client.json("/api/profile", { method: "PATCH", json: { language: "km" } })).status).toBe(200);
    const lic = await createLicense({ db: t.database.db, planId: "local-3m", email: owner.email, userId: owner.id, deviceKey: device(), startDate: new Date(Date.now() - DAY), expireDate: new Date("2031-03-01T00:00:00Z") });
    expect((await act(lic.id, { action: "extend", days: 30 })).status).toBe(200);
    const extended = await t.lastEmail(owner.email, "license-support-extended");
    expect(extended.subject).toBe("អាជ្ញាប័ណ្ណ Keyshop របស់អ្នកត្រូវបានបន្ថែម 30 ថ្ងៃ");
    expect(extended.text).toContain(`ផ្នែកជំនួយ Keyshop បានបន្ថែម 30 ថ្ងៃ ទៅអាជ្ញាប័ណ្ណ 3 ខែ របស់អ្នក (លេខកូដអាជ្ញាប័ណ្ណបញ្ចប់ដោយ ${lic.buyKey.slice(-5)})។`);
    expect(extended.text).toContain("ឥឡូវនេះ វាប្រើបានរហូតដល់ថ្ងៃទី 31 មីនា 2031។");
    expect(extended.html).toMatch(/<html[^>]* lang="km"/);
    expect((await act(lic.id, { action: "suspend" })).status).toBe(200);
    expect((await t.lastEmail(owner.email, "license-suspended")).subject).toBe("អាជ្ញាប័ណ្ណ Keyshop របស់អ្នកត្រូវបានផ្អាក");
    // An English account's licence: English, whatever another account chose.
    const english = await active();
    expect((await act(english.id, { action: "suspend" })).status).toBe(200);
    expect((await t.lastEmail(english.email, "license-suspended")).subject).toBe("Your Keyshop licence is on hold");
  });
});

describe("extend", () => {
  it("an active licence: the expiry moves by N days; audit (before, after, reason), history note, e-mail", async () => {
    const lic = await active();
    const res = await act(lic.id, { action: "extend", days: 30 });
    expect(res.status).toBe(200);
    const expected = new Date(lic.expireDate!.getTime() + 30 * DAY);
    expect(res.body.licence).toMatchObject({ id: lic.id, expireDate: expected.toISOString(), status: "Active" });
    expect(res.body.message).toContain("Extended by 30 days");
    expect((await rowOf(lic.id)).expireDate).toEqual(expected);
    const [audit] = await auditOf(lic.id);
    expect(audit).toMatchObject({ action: "licence.extend", actorUserId: admin.id, actorEmail: admin.email, note: "Customer asked by chat" });
    expect(audit!.before).toMatchObject({ expireDate: lic.expireDate!.toISOString(), status: "Active" });
    expect(audit!.after).toMatchObject({ expireDate: expected.toISOString(), email: lic.email, days: 30 });
    const [history] = await historyOf(lic.id);
    expect(history).toMatchObject({ changedBy: "support", authUserEmail: admin.email, oldDeviceKey: lic.deviceKey, newDeviceKey: lic.deviceKey, notes: `Extended by 30 days by support (until ${expected.toISOString().slice(0, 10)})` });
    const mail = await t.lastEmail(lic.email, "license-support-extended");
    expect(mail.subject).toBe("Your Keyshop licence was extended by 30 days");
    expect(mail.text).toContain(`It now runs until ${formatDate(expected, "en", t.config.shopTimeZone)}.`);
    // The reason is for the audit log, never the customer.
    expect(mail.text).not.toContain("Customer asked by chat");
    // Integrators hear of it as of a sale's extension: one licence.extended event, without the reason or the key.
    const extended = await eventsOf("licence.extended", lic.id);
    expect(extended).toHaveLength(1);
    expect(extended[0]!.data).toMatchObject({ licenceId: lic.id, addedDays: 30, source: "admin" });
    expect(JSON.stringify(extended[0]!.data)).not.toContain(lic.buyKey);
    expect(JSON.stringify(extended[0]!.data)).not.toContain("Customer asked by chat");
  });

  it("an expired licence runs again from now; a licence not activated yet gets a longer term", async () => {
    const lapsed = await active({ startDate: new Date(Date.now() - 40 * DAY), expireDate: new Date(Date.now() - 5 * DAY) });
    const before = Date.now();
    const res = await act(lapsed.id, { action: "extend", days: 7 });
    const expiry = new Date(res.body.licence.expireDate!).getTime();
    expect(expiry).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    expect(res.body.licence.status).toBe("Active");

    const fresh = await createLicense({ db: t.database.db, planId: "local-1m", email: email() });
    const grown = await act(fresh.id, { action: "extend", days: 10 });
    expect(grown.body.licence).toMatchObject({ expireDate: null, startDate: null, termDays: fresh.termDays + 10, status: "New" });
    expect((await t.lastEmail(fresh.email, "license-support-extended")).text).toContain("has not been activated yet");
    // First activation then runs the longer term.
    const deviceKey = device();
    const res2 = await t.client().json<{ expiresAt: string }>("/api/v1/licenses/activate", { json: { protocol: 2, buyKey: fresh.buyKey, deviceKey, nonce: `actions-nonce-${++seq}-0123456789` } });
    expect(new Date(res2.body.expiresAt).getTime() - Date.now()).toBeGreaterThan((fresh.termDays + 10) * DAY - 60_000);
  });
});

describe("suspend and resume", () => {
  it("the tool's next validate answers a signed SUSPENDED (this instance's cache dropped), resume makes it VALID; both e-mailed", async () => {
    const lic = await active();
    expect((await validate(lic.buyKey, lic.deviceKey!)).code).toBe("VALID");
    expect((await validate(lic.buyKey, lic.deviceKey!)).code).toBe("VALID"); // now cached
    const suspended = await act(lic.id, { action: "suspend" });
    expect(suspended.body.licence).toMatchObject({ status: "Suspended", suspendedAt: expect.any(String) });
    expect(await validate(lic.buyKey, lic.deviceKey!)).toMatchObject({ valid: false, code: "SUSPENDED" });
    expect((await t.lastEmail(lic.email, "license-suspended")).subject).toBe("Your Keyshop licence is on hold");

    const resumed = await act(lic.id, { action: "resume", reason: "Paid the chargeback back" });
    expect(resumed.body.licence).toMatchObject({ status: "Active", suspendedAt: null });
    expect(await validate(lic.buyKey, lic.deviceKey!)).toMatchObject({ valid: true, code: "VALID" });
    expect((await t.lastEmail(lic.email, "license-resumed")).subject).toBe("Your Keyshop licence works again");
    expect((await auditOf(lic.id)).map((a) => [a.action, a.note, (a.before as { status: string }).status, (a.after as { status: string }).status])).toEqual([
      ["licence.suspend", "Customer asked by chat", "Active", "Suspended"],
      ["licence.resume", "Paid the chargeback back", "Suspended", "Active"],
    ]);
    // Suspension and resumption are audit events, not device changes: no history rows.
    expect(await historyOf(lic.id)).toEqual([]);
  });

  it("suspending twice or resuming what is not suspended: 409, nothing written", async () => {
    const lic = await active();
    expect((await act(lic.id, { action: "resume" })).body).toMatchObject({ code: "NOT_SUSPENDED" });
    await act(lic.id, { action: "suspend" });
    const again = await act(lic.id, { action: "suspend" });
    expect([again.status, again.body.code, again.body.message]).toEqual([409, "ALREADY_SUSPENDED", "This licence is already suspended."]);
    expect(await auditOf(lic.id)).toHaveLength(1);
    expect(await mailsTo(lic.email)).toEqual(["license-suspended"]);
  });
});

describe("revoke", () => {
  it("is final: a signed REVOKED for the tool, and every further action answers 409 LICENSE_REVOKED and writes nothing", async () => {
    const lic = await active();
    const res = await act(lic.id, { action: "revoke", reason: "Refunded outside the shop" });
    expect(res.body.licence).toMatchObject({ status: "Revoked", revokedAt: expect.any(String) });
    expect(await validate(lic.buyKey, lic.deviceKey!)).toMatchObject({ valid: false, code: "REVOKED" });
    expect((await t.lastEmail(lic.email, "license-revoked")).subject).toBe("Your Keyshop licence was revoked");
    const bodies = [
      { action: "extend", days: 1 },
      { action: "suspend" },
      { action: "resume" },
      { action: "revoke" },
      { action: "reset-changes" },
      { action: "release-device" },
      { action: "resend-key" },
    ];
    for (const body of bodies) {
      const refused = await act(lic.id, body);
      expect([refused.status, refused.body.code], body.action).toEqual([409, "LICENSE_REVOKED"]);
    }
    expect((await auditOf(lic.id)).map((a) => a.action)).toEqual(["licence.revoke"]);
    expect(await mailsTo(lic.email)).toEqual(["license-revoked"]);
    expect(await rowOf(lic.id)).toMatchObject({ deviceKey: lic.deviceKey, expireDate: lic.expireDate });
    // Reading it still works.
    const page = await admin.client.json<CustomerView>(`/api/admin/customers/${encodeURIComponent(lic.email)}`);
    expect(page.body.licences.items[0]).toMatchObject({ id: lic.id, status: "Revoked" });
  });
});

describe("reset changes left, release the device, resend the key", () => {
  it("reset-changes: to the plan's key changes by default, or the number given; audited, not e-mailed", async () => {
    const lic = await active({ planId: "local-3m", changesLeft: 0 });
    expect((await act(lic.id, { action: "reset-changes" })).body.licence.changesLeft).toBe(10);
    expect((await act(lic.id, { action: "reset-changes", changesLeft: 3 })).body).toMatchObject({ licence: { changesLeft: 3 }, message: "Changes left set to 3." });
    expect((await auditOf(lic.id)).map((a) => [(a.before as { changesLeft: number }).changesLeft, (a.after as { changesLeft: number }).changesLeft])).toEqual([
      [0, 10],
      [10, 3],
    ]);
    expect(await mailsTo(lic.email)).toEqual([]);
  });

  it("release-device: unbound with a history row and an e-mail; the old device is refused, a new one activates free of charge, same expiry", async () => {
    const lic = await active();
    const res = await act(lic.id, { action: "release-device", reason: "New computer, old one is dead" });
    expect(res.body.licence).toMatchObject({ deviceKey: null, changesLeft: 2, expireDate: lic.expireDate!.toISOString() });
    expect(await historyOf(lic.id)).toEqual([expect.objectContaining({ oldDeviceKey: lic.deviceKey, newDeviceKey: null, changedBy: "support", authUserEmail: admin.email, notes: "Device key released by support" })]);
    expect((await t.lastEmail(lic.email, "license-device-released")).text).toContain("no longer bound to a computer");
    expect((await validate(lic.buyKey, lic.deviceKey!)).code).toBe("NOT_ACTIVATED");
    const newDevice = device();
    const activated = await t.client().json<{ code: string; changesLeft: number; expiresAt: string }>("/api/v1/licenses/activate", { json: { protocol: 2, buyKey: lic.buyKey, deviceKey: newDevice, nonce: `actions-nonce-${++seq}-0123456789` } });
    expect(activated.body).toMatchObject({ code: "ACTIVATED", changesLeft: 2, expiresAt: lic.expireDate!.toISOString() });
    // And a licence with no device: 409 NOT_BOUND.
    const fresh = await createLicense({ db: t.database.db, planId: "local-1m", email: email() });
    expect((await act(fresh.id, { action: "release-device" })).body.code).toBe("NOT_BOUND");
  });

  it("resend-key: the key e-mail again, to the owner only, audited", async () => {
    const lic = await active({ planId: "local-12m" });
    const res = await act(lic.id, { action: "resend-key" });
    expect(res.body.message).toBe(`The key e-mail is on its way to ${lic.email} again.`);
    const mail = await t.lastEmail(lic.email, "license-key");
    expect(mail.subject).toBe(`Your Keyshop 12 Months licence: ${lic.buyKey}`);
    expect((await auditOf(lic.id)).map((a) => [a.action, (a.after as { email: string }).email])).toEqual([["licence.resend_key", lic.email]]);
  });
});

describe("issue", () => {
  it("for an account's e-mail (any case): a licence of theirs (user id), the key e-mail, audited; shown on their page", async () => {
    const owner = await t.signedInUser();
    const res = await admin.client.json<Answer>(`/api/admin/customers/${encodeURIComponent(owner.email.toUpperCase())}/licenses`, { json: { planId: "local-3m", name: "Team seat", reason: "Bank transfer, order by chat" } });
    expect(res.status).toBe(201);
    expect(res.body.licence).toMatchObject({ email: owner.email, name: "Team seat", planTitle: "3 Months", status: "New", changesLeft: 10, termDays: 105 });
    const [row] = await t.database.db.select().from(licenses).where(eq(licenses.id, res.body.licence.id));
    expect(row).toMatchObject({ userId: owner.id, email: owner.email, orderId: null });
    expect((await t.lastEmail(owner.email, "license-key")).text).toContain(row!.buyKey);
    expect(await auditOf(row!.id)).toEqual([expect.objectContaining({ action: "licence.issue", actorEmail: admin.email, note: "Bank transfer, order by chat", before: null })]);
    // The owner sees it on License Keys, the admin on the customer's page (with the audit row).
    expect((await owner.client.json<{ licenses: Array<{ id: string }> }>("/api/licenses")).body.licenses.map((l) => l.id)).toContain(row!.id);
    const page = await admin.client.json<CustomerView>(`/api/admin/customers/${encodeURIComponent(owner.email)}`);
    expect(page.body.audit.items.map((a) => a.action)).toContain("licence.issue");
    const created = await eventsOf("licence.created", row!.id);
    expect(created).toHaveLength(1);
    expect(created[0]!.data).toMatchObject({ licenceId: row!.id, planTitle: "3 Months", source: "admin" });
  });

  it("for an e-mail nobody has yet (a buyer without an account), which then has a page", async () => {
    const newcomer = email();
    expect((await admin.client.json(`/api/admin/customers/${encodeURIComponent(newcomer)}`)).status).toBe(404);
    const res = await admin.client.json<Answer>(`/api/admin/customers/${encodeURIComponent(newcomer)}/licenses`, { json: { planId: "foreign-1m", reason: "Team deal" } });
    expect(res.status).toBe(201);
    expect((await rowOf(res.body.licence.id)).userId).toBeNull();
    expect((await admin.client.json<CustomerView>(`/api/admin/customers/${encodeURIComponent(newcomer)}`)).body).toMatchObject({ account: null, licences: { total: 1 } });
  });

  it("an unknown plan or a missing reason: 422, nothing created", async () => {
    const who = email();
    const unknown = await admin.client.json<Answer>(`/api/admin/customers/${encodeURIComponent(who)}/licenses`, { json: { planId: "gold-forever", reason: "why not" } });
    expect([unknown.status, unknown.body.issues?.[0]?.path]).toEqual([422, "planId"]);
    const noReason = await admin.client.json<Answer>(`/api/admin/customers/${encodeURIComponent(who)}/licenses`, { json: { planId: "local-1m" } });
    expect([noReason.status, noReason.body.issues?.[0]?.path]).toEqual([422, "reason"]);
    expect(await t.database.db.select().from(licenses).where(eq(licenses.email, who))).toEqual([]);
  });
});

describe("input and access", () => {
  it("a reason of 3–500 characters, days of 1–3650, a known action; unknown or malformed ids are 404", async () => {
    const lic = await active();
    for (const body of [{ action: "suspend", reason: "" }, { action: "suspend", reason: "no" }, { action: "suspend", reason: "x".repeat(501) }, { action: "extend", days: 0 }, { action: "extend", days: 3651 }, { action: "extend", days: 1.5 }, { action: "extend" }, { action: "explode" }, { action: "reset-changes", changesLeft: -1 }]) {
      expect((await act(lic.id, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await act("00000000-0000-4000-8000-000000000000", { action: "suspend" })).status).toBe(404);
    expect((await act("not-a-uuid", { action: "suspend" })).status).toBe(404);
    expect(await auditOf(lic.id)).toEqual([]);
  });

  it("admins with a second factor only; a customer cannot act on their own licence here", async () => {
    const owner = await t.signedInUser();
    const lic = await active({ email: owner.email, userId: owner.id });
    expect((await act(lic.id, { action: "extend", days: 365 }, owner.client)).status).toBe(403);
    const no2fa = await t.signedInUser({ role: "admin", twoFactor: false });
    expect((await act(lic.id, { action: "extend", days: 365 }, no2fa.client)).body.code).toBe("SECOND_FACTOR_REQUIRED");
    expect((await rowOf(lic.id)).expireDate).toEqual(lic.expireDate);
  });
});

describe("concurrent actions queue on the licence's row lock", () => {
  it("10 extensions by 10 days at once: +100 days exactly, 10 audit rows", async () => {
    const lic = await active();
    const results = await Promise.all(Array.from({ length: 10 }, () => act(lic.id, { action: "extend", days: 10 })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect((await rowOf(lic.id)).expireDate).toEqual(new Date(lic.expireDate!.getTime() + 100 * DAY));
    const audit = await auditOf(lic.id);
    expect(audit).toHaveLength(10);
    // Each saw the one before it: the expiries chain without a gap or a repeat.
    const chain = audit.map((a) => [(a.before as { expireDate: string }).expireDate, (a.after as { expireDate: string }).expireDate]).sort();
    for (let i = 1; i < chain.length; i++) expect(chain[i]![0]).toBe(chain[i - 1]![1]);
  });

  it("5 suspensions and a revocation at once: one suspension at most, and whatever comes after the revocation is refused", async () => {
    const lic = await active();
    const results = await Promise.all([...Array.from({ length: 5 }, () => act(lic.id, { action: "suspend" })), act(lic.id, { action: "revoke" })]);
    const suspends = results.slice(0, 5);
    expect(suspends.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    for (const r of suspends.filter((r) => r.status !== 200)) expect(["ALREADY_SUSPENDED", "LICENSE_REVOKED"]).toContain(r.body.code);
    expect(results[5]!.status).toBe(200);
    const audit = await auditOf(lic.id);
    const actions = audit.map((a) => a.action);
    expect(actions.filter((a) => a === "licence.revoke")).toHaveLength(1);
    expect(actions.filter((a) => a === "licence.suspend").length).toBe(suspends.filter((r) => r.status === 200).length);
    // A suspension recorded was made before the revocation: it found the licence not revoked. (The
    // rows' createdAt is each transaction's start, not its commit: a suspension that began after the
    // revocation's transaction may still have taken the row lock first.)
    for (const a of audit.filter((a) => a.action === "licence.suspend")) expect((a.before as { status: string }).status).not.toBe("Revoked");
  });
});
