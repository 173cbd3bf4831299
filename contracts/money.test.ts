import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_MILLS, formatMoney, formatMoneyCompact, isWholeCents, parseDollars } from "./money";

const anyMills = fc.integer({ min: -MAX_MILLS, max: MAX_MILLS });
const centsAsMills = fc.integer({ min: -Math.floor(MAX_MILLS / 10), max: Math.floor(MAX_MILLS / 10) }).map((c) => c * 10);
const signed = { allowNegative: true } as const;

describe("formatting: one rule (decision 053)", () => {
  it("2 decimals for a whole cent, thousands separated", () => {
    expect(formatMoney(9990)).toBe("$9.99");
    expect(formatMoney(119_990)).toBe("$119.99");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(1000)).toBe("$1.00");
    expect(formatMoney(10_000_000)).toBe("$10,000.00");
    expect(formatMoney(1_234_500)).toBe("$1,234.50");
  });

  it("a fraction of a cent is shown as a third decimal, never rounded away or up", () => {
    expect(formatMoney(4955)).toBe("$4.955");
    expect(formatMoney(7455)).toBe("$7.455");
    expect(formatMoney(9995)).toBe("$9.995");
    expect(formatMoney(9999)).toBe("$9.999");
    expect(formatMoney(45)).toBe("$0.045");
    expect(formatMoney(1)).toBe("$0.001");
    expect(formatMoney(40)).toBe("$0.04");
  });

  it("three decimals when asked (the spec's OTP revenue), plain text for machines, no symbol before a currency code", () => {
    expect(formatMoney(3, { decimals: 3 })).toBe("$0.003");
    expect(formatMoney(1500, { decimals: 3 })).toBe("$1.500");
    expect(formatMoney(45, { plain: true, decimals: 3 })).toBe("0.045");
    expect(formatMoney(1000, { plain: true, decimals: 3 })).toBe("1.000");
    expect(formatMoney(1_234_500, { plain: true })).toBe("1234.50");
    expect(formatMoney(29_990, { plain: true })).toBe("29.99");
    expect(formatMoney(4_000_000, { symbol: false })).toBe("4,000.00");
  });

  it("negatives: the sign before the dollar sign", () => {
    expect(formatMoney(-2500)).toBe("-$2.50");
    expect(formatMoney(-25)).toBe("-$0.025");
    expect(formatMoney(-1_234_500)).toBe("-$1,234.50");
    expect(formatMoney(-3, { decimals: 3 })).toBe("-$0.003");
    expect(formatMoney(-2500, { plain: true })).toBe("-2.50");
    expect(formatMoney(-0)).toBe("$0.00");
  });

  it("the largest balance the database can hand to the code (bigint read as a safe JS number)", () => {
    expect(MAX_MILLS).toBe(9_007_199_254_740_991);
    expect(formatMoney(MAX_MILLS)).toBe("$9,007,199,254,740.991");
    expect(formatMoney(-MAX_MILLS)).toBe("-$9,007,199,254,740.991");
    expect(formatMoney(MAX_MILLS, { plain: true })).toBe("9007199254740.991");
    expect(parseDollars("9007199254740.991")).toBe(MAX_MILLS);
    expect(parseDollars("$9,007,199,254,740.991")).toBe(MAX_MILLS);
    expect(parseDollars("9007199254740.992")).toBeNull();
    expect(parseDollars("99999999999999999")).toBeNull();
    expect(() => formatMoney(MAX_MILLS + 1)).toThrow(RangeError);
  });

  it("refuses what is not integer mills (floats never reach the formatter)", () => {
    expect(() => formatMoney(9.99)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
    expect(() => formatMoney(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("compact chart labels", () => {
    expect(formatMoneyCompact(0)).toBe("$0");
    expect(formatMoneyCompact(950_000)).toBe("$950");
    expect(formatMoneyCompact(999_400)).toBe("$999");
    expect(formatMoneyCompact(1_200_000)).toBe("$1.2k");
    expect(formatMoneyCompact(35_000_000)).toBe("$35k");
    expect(formatMoneyCompact(-1_500_000)).toBe("-$1.5k");
    expect(formatMoneyCompact(-400)).toBe("$0");
  });
});

describe("parsing", () => {
  it("reads dollar text through its digits", () => {
    expect(parseDollars("9.99")).toBe(9990);
    expect(parseDollars("$29.99")).toBe(29_990);
    expect(parseDollars("0.045")).toBe(45);
    expect(parseDollars("10")).toBe(10_000);
    expect(parseDollars("0019.9")).toBe(19_900);
    expect(parseDollars(" 5 ")).toBe(5000);
    expect(parseDollars("$1,234.5")).toBe(1_234_500);
    expect(parseDollars("1.")).toBeNull();
    expect(parseDollars(".5")).toBeNull();
  });

  it("reads JSON numbers through their text, never float arithmetic", () => {
    expect(parseDollars(19.99)).toBe(19_990);
    expect(parseDollars(0.045)).toBe(45);
    expect(parseDollars(0.1 + 0.2)).toBeNull();
    expect(parseDollars(1e21)).toBeNull();
    expect(parseDollars(Number.NaN)).toBeNull();
    expect(parseDollars(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it("refuses what is not plain dollar text", () => {
    for (const text of ["", " ", "abc", "1e3", "1.2345", "1,23", "12,3456", "1 000", "--1", "$-1", "+1", "0x10", "1.2.3", "NaN"]) {
      expect(parseDollars(text), text).toBeNull();
    }
  });

  it("limits the decimals and the amount", () => {
    expect(parseDollars("0.045", { decimals: 2 })).toBeNull();
    expect(parseDollars("0.04", { decimals: 2 })).toBe(40);
    expect(parseDollars("10000.00", { max: 10_000_000 })).toBe(10_000_000);
    expect(parseDollars("10000.01", { max: 10_000_000 })).toBeNull();
  });

  it("negatives only when asked", () => {
    expect(parseDollars("-1")).toBeNull();
    expect(parseDollars(-5)).toBeNull();
    expect(parseDollars("-2.50", signed)).toBe(-2500);
    expect(parseDollars("-$2.50", signed)).toBe(-2500);
    expect(parseDollars("-$0.025", signed)).toBe(-25);
    expect(parseDollars("-0", signed)).toBe(0);
    expect(Object.is(parseDollars("-0", signed), -0)).toBe(false);
  });
});

describe("round trips (property-based)", () => {
  it("format → parse gives the same mills for every amount, in every form: nothing is lost", () => {
    fc.assert(
      fc.property(anyMills, (mills) => {
        expect(parseDollars(formatMoney(mills), signed)).toBe(mills);
        expect(parseDollars(formatMoney(mills, { plain: true }), signed)).toBe(mills);
        expect(parseDollars(formatMoney(mills, { decimals: 3 }), signed)).toBe(mills);
      }),
      { numRuns: 2000 },
    );
  });

  it("a whole cent always shows exactly 2 decimals (the spec's), anything else exactly 3", () => {
    fc.assert(
      fc.property(anyMills, (mills) => {
        const decimals = formatMoney(mills).split(".")[1]!.length;
        expect(decimals).toBe(isWholeCents(mills) ? 2 : 3);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(centsAsMills, (mills) => {
        expect(parseDollars(formatMoney(mills, { plain: true }), { ...signed, decimals: 2 })).toBe(mills);
      }),
      { numRuns: 2000 },
    );
  });

  it("parse → format → parse: any dollar text a person types comes back as the same amount", () => {
    const typed = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 9_007_199_254_739n }), fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 0, maxLength: 3 }), fc.boolean())
      .map(([minus, whole, frac, dollarSign]) => `${minus ? "-" : ""}${dollarSign ? "$" : ""}${whole}${frac ? `.${frac}` : ""}`);
    fc.assert(
      fc.property(typed, (text) => {
        const mills = parseDollars(text, signed);
        expect(mills).not.toBeNull();
        const shown = formatMoney(mills!);
        expect(parseDollars(shown, signed)).toBe(mills);
        // And formatting is stable: the text shown reads back as itself.
        expect(formatMoney(parseDollars(shown, signed)!)).toBe(shown);
      }),
      { numRuns: 2000 },
    );
  });
});
