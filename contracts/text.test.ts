// The edge's text rules (decision 034): what each kind of field takes and refuses, with the message.
import { describe, expect, it } from "vitest";
import { multiLineText, singleLineText, storableText, TEXT_MESSAGES, textProblem, validText } from "./text";

const issue = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error!.issues[0]!.message;
};

describe("free text at the edge", () => {
  it("takes any language, emoji and symbols in every kind of field", () => {
    for (const value of ["Sokha", "ស្វាគមន៍", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "👩‍👩‍👧‍👦 family", "Ω≈ç√∫", "\uFEFFbom", "a\u200Bb", "\u202Eevil", "\uFFFF"]) {
      expect(issue(singleLineText(), value), value).toBeNull();
      expect(issue(multiLineText(), value), value).toBeNull();
      expect(issue(validText(), value), value).toBeNull();
    }
  });

  it("refuses a lone UTF-16 surrogate everywhere (PostgreSQL refuses it, in text and jsonb)", () => {
    for (const value of ["\uD800", "a\uDFFF", "\uDFFF\uD800", "😀\uD83D", "x\uDBFFy"]) {
      expect(issue(singleLineText(), value), JSON.stringify(value)).toBe(TEXT_MESSAGES.unicode);
      expect(issue(multiLineText(), value), JSON.stringify(value)).toBe(TEXT_MESSAGES.unicode);
      expect(issue(validText(), value), JSON.stringify(value)).toBe(TEXT_MESSAGES.unicode);
    }
  });

  it("refuses NUL everywhere, with its own message", () => {
    for (const schema of [singleLineText(), multiLineText(), validText()]) expect(issue(schema, "a\u0000b")).toBe(TEXT_MESSAGES.nul);
  });

  it("one line: no line break and no control character (C0, DEL, C1), after trimming", () => {
    for (const value of ["a\nb", "a\rb", "a\u2028b", "a\u2029b"]) expect(issue(singleLineText(), value), JSON.stringify(value)).toBe(TEXT_MESSAGES.lineBreak);
    for (const value of ["a\tb", "bell\u0007", "\u001B[31mred", "del\u007F", "next\u0085line", "c1\u009F", "\u000B", "\u000C"]) {
      expect(issue(singleLineText(), `x${value}x`), JSON.stringify(value)).toBe(TEXT_MESSAGES.control);
    }
    // Spaces and line breaks around a value are trimmed first (a pasted name keeps working).
    expect(singleLineText().parse("  KS-ABCDE-12345 \n\t")).toBe("KS-ABCDE-12345");
    expect(singleLineText(undefined, { trim: false }).safeParse(" a\n").success).toBe(false);
  });

  it("several lines: line breaks and tabs are fine, other control characters are not", () => {
    expect(multiLineText().parse(" First line.\r\n\tSecond line.\n")).toBe("First line.\r\n\tSecond line.");
    for (const value of ["bell\u0007", "\u001B[2J", "del\u007F", "next\u0085line", "a\u000Bb"]) expect(issue(multiLineText(), value), JSON.stringify(value)).toBe(TEXT_MESSAGES.control);
  });

  it("opaque text (passwords, tokens) is taken as it is: no trimming, only NUL and broken characters refused", () => {
    expect(validText().parse(" pass\tword\u0007 ")).toBe(" pass\tword\u0007 ");
  });

  it("keeps each field's own messages and limits after the text rule", () => {
    const reason = multiLineText("Say why").min(1, "Say why").max(5, "Too long");
    expect(issue(reason, 5)).toBe("Say why");
    expect(issue(reason, "   ")).toBe("Say why");
    expect(issue(reason, "123456")).toBe("Too long");
    expect(issue(reason, "\uD800")).toBe(TEXT_MESSAGES.unicode);
  });

  it("textProblem names the problem for the web's own checks", () => {
    expect(textProblem("fine", "single-line")).toBeNull();
    expect(textProblem("a\nb", "multi-line")).toBeNull();
    expect(textProblem("a\nb", "single-line")).toBe("lineBreak");
    expect(textProblem("\uD800", "opaque")).toBe("unicode");
  });

  it("storableText makes text that slipped past the edge storable instead of failing the write", () => {
    expect(storableText("a\uD800b\u0000c😀")).toBe("a\uFFFDbc😀");
    expect(storableText("ស្វាគមន៍")).toBe("ស្វាគមន៍");
  });
});
