import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_MILLS,
  formatBalance,
  formatMillsForCsv,
  formatMoney,
  formatMoneyCompact,
  formatPrice,
  formatProfit,
  isWholeCents,
  parseDollars,
} from "./money";

const anyMills = fc.integer({ min: -MAX_MILLS, max: MAX_MILLS });
const centsAsMills = fc.integer({ min: -Math.floor(MAX_MILLS / 10), max: Math.floor(MAX_MILLS / 10) }).map((c) => c * 10);
const signed = { allowNegative: true } as const;

describe("formatting", () => {
  it("prices and payments: always 2 decimals, thousands separated", () => {
    expect(formatPrice(9990)).toBe("$9.99");
    expect(formatPrice(119_990)).toBe("$119.99");
    expect(formatPrice(0)).toBe("$0.00");
    expect(formatPrice(10_000_000)).toBe("$10,000.00");
    expect(formatPrice(1_234_500)).toBe("$1,234.50");
  });

  it("balances: exact, 3 decimals only when not a whole cent", () => {
    expect(formatBalance(4955)).toBe("$4.955");
    expect(formatBalance(4950)).toBe("$4.95");
    expect(formatBalance(955)).toBe("$0.955");
    expect(formatBalance(45)).toBe("$0.045");
    expect(formatBalance(40)).toBe("$0.04");
    expect(formatBalance(1000)).toBe("$1.00");
    expect(formatBalance(0)).toBe("$0.00");
    expect(formatBalance(1)).toBe("$0.001");
  });

  it("fractions of a cent: prices round half away from zero, balances never round, cents-only balances never round up", () => {
    expect(formatPrice(9995)).toBe("$10.00"); // a price is never a fraction of a cent; a sum that is, rounds
    expect(formatPrice(9994)).toBe("$9.99");
    expect(formatPrice(5)).toBe("$0.01");
    expect(formatPrice(4)).toBe("$0.00");
    expect(formatBalance(9995)).toBe("$9.995");
    expect(formatMoney(4955, "balance-cents")).toBe("$4.95");
    expect(formatMoney(9999, "balance-cents")).toBe("$9.99");
    expect(formatProfit(3)).toBe("$0.003");
    expect(formatProfit(1500)).toBe("$1.500");
    expect(formatMoney(45, "mills", { plain: true })).toBe("0.045");
    expect(formatMoney(1000, "mills", { plain: true })).toBe("1.000");
  });

  it("negatives: the sign before the dollar sign", () => {
    expect(formatPrice(-2500)).toBe("-$2.50");
    expect(formatPrice(-3000)).toBe("-$3.00");
    expect(formatPrice(-25)).toBe("-$0.03");
    expect(formatPrice(-1_234_500)).toBe("-$1,234.50");
    expect(formatBalance(-25)).toBe("-$0.025");
    expect(formatBalance(-2500)).toBe("-$2.50");
    expect(formatProfit(-3)).toBe("-$0.003");
    expect(formatMoney(-2500, "price", { plain: true })).toBe("-2.50");
    // Nothing left to show: no "-$0.00".
    expect(formatPrice(-4)).toBe("$0.00");
    expect(formatMoney(-9, "balance-cents")).toBe("$0.00");
    expect(formatBalance(-0)).toBe("$0.00");
  });

  it("the largest balance the database can hand to the code (bigint read as a safe JS number)", () => {
    expect(MAX_MILLS).toBe(9_007_199_254_740_991);
    expect(formatBalance(MAX_MILLS)).toBe("$9,007,199,254,740.991");
    expect(formatBalance(-MAX_MILLS)).toBe("-$9,007,199,254,740.991");
    expect(formatPrice(MAX_MILLS)).toBe("$9,007,199,254,740.99");
    expect(formatPrice(MAX_MILLS - 2)).toBe("$9,007,199,254,740.99"); // …989 rounds up to …990, still exact
    expect(formatMillsForCsv(MAX_MILLS)).toBe("9007199254740.991");
    expect(parseDollars("9007199254740.991")).toBe(MAX_MILLS);
    expect(parseDollars("$9,007,199,254,740.991")).toBe(MAX_MILLS);
    expect(parseDollars("9007199254740.992")).toBeNull();
    expect(parseDollars("99999999999999999")).toBeNull();
    expect(() => formatBalance(MAX_MILLS + 1)).toThrow(RangeError);
  });

  it("refuses what is not integer mills (floats never reach the formatters)", () => {
    expect(() => formatPrice(9.99)).toThrow(RangeError);
    expect(() => formatBalance(Number.NaN)).toThrow(RangeError);
    expect(() => formatBalance(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("CSV cells are exact plain text", () => {
    expect(formatMillsForCsv(29_990)).toBe("29.99");
    expect(formatMillsForCsv(45)).toBe("0.045");
    expect(formatMillsForCsv(1_234_500)).toBe("1234.50");
    expect(formatMillsForCsv(-2500)).toBe("-2.50");
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
  it("format → parse gives the same mills for every balance, negative or not", () => {
    fc.assert(
      fc.property(anyMills, (mills) => {
        expect(parseDollars(formatBalance(mills), signed)).toBe(mills);
        expect(parseDollars(formatMillsForCsv(mills), signed)).toBe(mills);
        expect(parseDollars(formatMoney(mills, "mills"), signed)).toBe(mills);
      }),
      { numRuns: 2000 },
    );
  });

  it("format → parse gives the same mills for every whole-cent price", () => {
    fc.assert(
      fc.property(centsAsMills, (mills) => {
        expect(parseDollars(formatPrice(mills), { ...signed, decimals: 2 })).toBe(mills);
        expect(parseDollars(formatMoney(mills, "price", { plain: true }), { ...signed, decimals: 2 })).toBe(mills);
        expect(formatPrice(mills)).toBe(formatBalance(mills));
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
        const shown = formatBalance(mills!);
        expect(parseDollars(shown, signed)).toBe(mills);
        // And formatting is stable: the text shown reads back as itself.
        expect(formatBalance(parseDollars(shown, signed)!)).toBe(shown);
      }),
      { numRuns: 2000 },
    );
  });

  it("prices are within half a cent of the amount, cents-only balances never above it", () => {
    fc.assert(
      fc.property(anyMills, (mills) => {
        const price = parseDollars(formatPrice(mills), signed)!;
        expect(isWholeCents(price)).toBe(true);
        expect(Math.abs(price - mills)).toBeLessThanOrEqual(5);
        const cents = parseDollars(formatMoney(mills, "balance-cents"), signed)!;
        expect(Math.abs(cents)).toBeLessThanOrEqual(Math.abs(mills));
        expect(Math.abs(mills - cents)).toBeLessThan(10);
      }),
      { numRuns: 2000 },
    );
  });
});
