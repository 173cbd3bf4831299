import { describe, expect, it } from "vitest";
import { holdOf, licenseStatus, termStatus } from "./status";

const now = new Date("2026-11-22T12:00:00Z");
const past = new Date("2026-11-01T00:00:00Z");
const future = new Date("2026-12-22T00:00:00Z");

describe("licence status (the spec's rule)", () => {
  it.each([
    ["expirekey_ in the key wins over a future expiry", { deviceKey: "abc_expirekey_LDREEL", startDate: past, expireDate: future }, "Expired"],
    ["no start and no expiry is New", { deviceKey: null, startDate: null, expireDate: null }, "New"],
    ["no dates with a key is still New", { deviceKey: "LDREEL-1", startDate: null, expireDate: null }, "New"],
    ["a future expiry is Active", { deviceKey: "LDREEL-1", startDate: past, expireDate: future }, "Active"],
    ["a past expiry is Expired", { deviceKey: "LDREEL-1", startDate: past, expireDate: past }, "Expired"],
    ["expiry exactly now is Expired", { deviceKey: "LDREEL-1", startDate: past, expireDate: now }, "Expired"],
    ["a start date without expiry is Expired", { deviceKey: "LDREEL-1", startDate: past, expireDate: null }, "Expired"],
  ] as const)("%s", (_label, input, expected) => {
    expect(licenseStatus(input, now)).toBe(expected);
  });
});

describe("an admin's hold", () => {
  const running = { deviceKey: "LDREEL-1", startDate: past, expireDate: future };
  it("Suspended and Revoked show over the term's state; the term's state is kept for the protocol", () => {
    expect(licenseStatus({ ...running, suspendedAt: past }, now)).toBe("Suspended");
    expect(licenseStatus({ ...running, revokedAt: past }, now)).toBe("Revoked");
    expect(licenseStatus({ ...running, suspendedAt: past, revokedAt: past }, now)).toBe("Revoked");
    expect(licenseStatus({ ...running, expireDate: past, suspendedAt: past }, now)).toBe("Suspended");
    expect(termStatus({ ...running, suspendedAt: past }, now)).toBe("Active");
    expect(termStatus({ ...running, revokedAt: past, expireDate: past }, now)).toBe("Expired");
  });

  it("holdOf: revoked before suspended, null without either", () => {
    expect(holdOf(running)).toBeNull();
    expect(holdOf({ ...running, suspendedAt: past })).toBe("SUSPENDED");
    expect(holdOf({ ...running, suspendedAt: past, revokedAt: past })).toBe("REVOKED");
  });
});
