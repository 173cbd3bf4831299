import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { digitValue, toAsciiDigits } from "./digits";
import { DIGIT_ZEROS, inScript } from "./testing";

describe("digits of any script", () => {
  it("reads the ten digits of each system in order", () => {
    for (const [name, zero] of Object.entries(DIGIT_ZEROS)) {
      const values = Array.from({ length: 10 }, (_, k) => digitValue(String.fromCodePoint(zero + k)));
      expect(values, name).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }
    expect(toAsciiDigits("៥៥២០៧១ ๔๘๒๑๓ ٣٩١٧٤ ۵۷۲۰۸ ५१३८६ ৬২৭৪১ ７２０４９ ၈၄၀၂၆ ໑໒໓")).toBe("552071 48213 39174 57208 51386 62741 72049 84026 123");
  });

  it("maps every decimal digit Unicode knows to one ASCII digit, agreeing with NFKC where NFKC has an answer", () => {
    let count = 0;
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (!/\p{Nd}/u.test(ch)) continue;
      count++;
      const ascii = toAsciiDigits(ch);
      expect(ascii).toMatch(/^[0-9]$/);
      const nfkc = ch.normalize("NFKC");
      if (/^[0-9]$/.test(nfkc)) expect(ascii, `U+${cp.toString(16)}`).toBe(nfkc);
    }
    // Decimal digits come in blocks of ten (Unicode stability policy), hundreds of them by now.
    expect(count % 10).toBe(0);
    expect(count).toBeGreaterThan(500);
  });

  it("normalises a code written in any digit system to ASCII (property)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{4,8}$/), fc.constantFrom(...Object.values(DIGIT_ZEROS)), (code, zero) => {
        expect(toAsciiDigits(inScript(code, zero))).toBe(code);
      }),
    );
  });

  it("changes nothing but digits (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (text) => {
        const plain = text.replace(/\p{Nd}/gu, "");
        expect(toAsciiDigits(plain)).toBe(plain);
      }),
    );
    expect(digitValue("a")).toBeUndefined();
    expect(digitValue("²")).toBeUndefined(); // superscripts and circled digits are not decimal digits
    expect(digitValue("①")).toBeUndefined();
  });
});
