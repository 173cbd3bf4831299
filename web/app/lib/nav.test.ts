import { describe, expect, it } from "vitest";

import { canOpenPage, customerPath, findPage, menuEntriesFor, secondFactorDue } from "./nav";

const user = { role: "user" as const, superAdmin: false };
const admin = { role: "admin" as const, superAdmin: false };

describe("inner pages (a customer's page, issue #16)", () => {
  it("are admin pages with a title, whatever the e-mail in the path", () => {
    const path = customerPath("a.b+c@example.com");
    expect(path).toBe("/customers/a.b%2Bc%40example.com");
    expect(findPage(path)).toMatchObject({ title: "Customer", page: "admin" });
    expect(canOpenPage(admin, path)).toBe(true);
    expect(canOpenPage(user, path)).toBe(false);
  });

  it("ask an admin without a second factor to enrol first", () => {
    expect(secondFactorDue({ role: "admin", twoFactorEnabled: false, passkeyEnabled: false, secondFactorVerified: false }, "/customers/x%40example.com")).toBe("enrol");
  });

  it("count a passkey as a second factor: asked for when not passed, and no enrolment then (decision 038)", () => {
    const passkeyAdmin = { role: "admin" as const, twoFactorEnabled: false, passkeyEnabled: true };
    expect(secondFactorDue({ ...passkeyAdmin, secondFactorVerified: false }, "/license-keys")).toBe("code");
    expect(secondFactorDue({ ...passkeyAdmin, secondFactorVerified: true }, "/overview")).toBeNull();
  });

  it("leave the menu's pages as they were", () => {
    expect(findPage("/license-keys")).toMatchObject({ title: "License Keys", page: "user" });
    expect(canOpenPage(user, "/overview")).toBe(false);
  });
});

describe("the Reseller page (decision 080)", () => {
  const titles = (who: Parameters<typeof menuEntriesFor>[0]) => menuEntriesFor(who).map((entry) => entry.title);

  it("is in the menu of a reseller only, whatever the role: an admin who is not a reseller does not see it", () => {
    expect(titles({ ...user, reseller: true })).toEqual(["Home", "Profile", "License Keys", "License History", "Reseller"]);
    expect(titles({ ...user, reseller: false })).not.toContain("Reseller");
    expect(titles({ ...admin, superAdmin: true, reseller: false })).not.toContain("Reseller");
    expect(titles({ ...admin, reseller: true })).toContain("Reseller");
  });

  it("opens for a reseller only", () => {
    expect(findPage("/reseller")).toMatchObject({ title: "Reseller", page: "reseller" });
    expect(canOpenPage({ ...user, reseller: true }, "/reseller")).toBe(true);
    expect(canOpenPage({ ...user, reseller: false }, "/reseller")).toBe(false);
    expect(canOpenPage({ role: "admin", superAdmin: true, reseller: false }, "/reseller/")).toBe(false);
    // Not an admin page: no second factor to enrol for it.
    expect(secondFactorDue({ role: "admin", twoFactorEnabled: false, passkeyEnabled: false, secondFactorVerified: false }, "/reseller")).toBeNull();
  });
});
