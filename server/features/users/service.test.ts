import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/harness";
import { auditLog } from "../../db/schema";
import { setUserRole } from "./service";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("setUserRole", () => {
  it("grants admin and super-admin, the new rights apply at once, and the change is audited", async () => {
    const { client, email } = await t.signedInUser();
    expect((await client.json("/api/admin/stats")).status).toBe(403);

    await setUserRole({ db: t.database.db, email: email.toUpperCase(), role: "admin", superAdmin: true, actor: { email: "cli" } });
    // The admin console's routes read the session from the database: the promotion counts at once
    // there (decision 030), and their answer renews the cached session cookie, so /api/me shows it too.
    // The rights apply once the new admin has a second factor (decision 018).
    expect((await client.json<{ code: string }>("/api/admin/users")).body.code).toBe("SECOND_FACTOR_REQUIRED");
    expect((await client.json<{ user: { role: string; superAdmin: boolean } }>("/api/me")).body.user).toMatchObject({ role: "admin", superAdmin: true });
    await t.enrolTwoFactor(client);
    expect((await client.json("/api/admin/users")).status).toBe(200);

    await setUserRole({ db: t.database.db, email, role: "user", superAdmin: false, actor: { email: "cli" } });
    expect((await client.json("/api/admin/stats")).status).toBe(403);

    const audit = await t.database.db.select().from(auditLog);
    expect(audit.map((a) => a.after)).toEqual([
      { role: "admin", superAdmin: true },
      { role: "user", superAdmin: false },
    ]);
  });

  it("refuses an unknown e-mail and super-admin without admin", async () => {
    await expect(setUserRole({ db: t.database.db, email: "nobody@example.com", role: "admin", superAdmin: false, actor: { email: "cli" } })).rejects.toThrow(/No user/);
    const { email } = await t.signedInUser();
    await expect(setUserRole({ db: t.database.db, email, role: "user", superAdmin: true, actor: { email: "cli" } })).rejects.toThrow(/needs the admin role/);
  });
});
