import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMills, millsToAmountString, parseMills } from "./money";

describe("money in mills", () => {
  it("parses dollar text without floats", () => {
    expect(parseMills("9.99")).toBe(9990);
    expect(parseMills("$29.99")).toBe(29990);
    expect(parseMills("0.045")).toBe(45);
    expect(parseMills("10")).toBe(10000);
    expect(parseMills("1.2345")).toBeNull();
    expect(parseMills("-1")).toBeNull();
    expect(parseMills("1e3")).toBeNull();
    expect(parseMills("")).toBeNull();
  });

  it("formats with 2 decimals, or 3 for OTP profit", () => {
    expect(formatMills(119990)).toBe("$119.99");
    expect(formatMills(3, 3)).toBe("$0.003");
    expect(formatMills(9995)).toBe("$10.00");
    expect(formatMills(-3000)).toBe("-$3.00");
    expect(millsToAmountString(47990)).toBe("47.99");
  });

  it("round-trips every cent amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (cents) => {
        const mills = cents * 10;
        expect(parseMills(millsToAmountString(mills))).toBe(mills);
      }),
    );
  });
});
