import { describe, expect, it } from "vitest";
import { licenseStatus } from "./status";

const now = new Date("2026-11-22T12:00:00Z");
const past = new Date("2026-11-01T00:00:00Z");
const future = new Date("2026-12-22T00:00:00Z");

describe("licence status (the spec's rule)", () => {
  it.each([
    ["expirekey_ in the key wins over a future expiry", { licenseKey: "abc_expirekey_LDREEL", startDate: past, expireDate: future }, "Expired"],
    ["no start and no expiry is New", { licenseKey: null, startDate: null, expireDate: null }, "New"],
    ["no dates with a key is still New", { licenseKey: "LDREEL-1", startDate: null, expireDate: null }, "New"],
    ["a future expiry is Active", { licenseKey: "LDREEL-1", startDate: past, expireDate: future }, "Active"],
    ["a past expiry is Expired", { licenseKey: "LDREEL-1", startDate: past, expireDate: past }, "Expired"],
    ["expiry exactly now is Expired", { licenseKey: "LDREEL-1", startDate: past, expireDate: now }, "Expired"],
    ["a start date without expiry is Expired", { licenseKey: "LDREEL-1", startDate: past, expireDate: null }, "Expired"],
  ] as const)("%s", (_label, input, expected) => {
    expect(licenseStatus(input, now)).toBe(expected);
  });
});
