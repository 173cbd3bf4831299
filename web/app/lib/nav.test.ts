import { describe, expect, it } from "vitest";

import { canOpenPage, customerPath, findPage, secondFactorDue } from "./nav";

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
