// The guard's verdict: ratios against their baselines, 15% below a baseline fails.
import { describe, expect, it } from "vitest";
import { compareWithBaselines, formatTable } from "./guard-compare.mjs";

const baselines = {
  entries: {
    license: { ratio: 0.2, note: "test" },
    otp: { ratio: 0.1, note: "test" },
  },
};

describe("compareWithBaselines", () => {
  it("passes ratios at, above or less than 15% below their baselines", () => {
    const { ok, rows } = compareWithBaselines({ license: 0.2, otp: 0.0851 }, baselines);
    expect(ok).toBe(true);
    expect(rows.map((r) => r.verdict)).toEqual(["pass", "pass"]);
    expect(compareWithBaselines({ license: 0.17, otp: 0.5 }, baselines).ok).toBe(true); // exactly −15%
  });

  it("fails a ratio more than 15% below its baseline, and says which", () => {
    const { ok, rows } = compareWithBaselines({ license: 0.169, otp: 0.1 }, baselines);
    expect(ok).toBe(false);
    const license = rows.find((r) => r.name === "license");
    expect(license.verdict).toBe("FAIL");
    expect(license.change).toBeCloseTo(-0.155, 3);
    expect(rows.find((r) => r.name === "otp").verdict).toBe("pass");
  });

  it("fails when a benchmark with a baseline was not measured, and lists a new one without failing", () => {
    const missing = compareWithBaselines({ license: 0.2 }, baselines);
    expect(missing.ok).toBe(false);
    expect(missing.rows.find((r) => r.name === "otp").verdict).toBe("not measured");
    const extra = compareWithBaselines({ license: 0.2, otp: 0.1, lists: 0.05 }, baselines);
    expect(extra.ok).toBe(true);
    expect(extra.rows.find((r) => r.name === "lists").verdict).toBe("no baseline");
  });

  it("prints one table row per benchmark with the change in percent", () => {
    const table = formatTable(compareWithBaselines({ license: 0.1, otp: 0.11 }, baselines).rows);
    expect(table).toContain("| license | 10.0% | 20.0% | −50.0% | FAIL |");
    expect(table).toContain("| otp | 11.0% | 10.0% | +10.0% | pass |");
  });
});
