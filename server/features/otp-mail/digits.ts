// Decimal digits of every script read as ASCII. Localized mail may write a code in Khmer (៥៥២០៧១),
// Thai, Arabic-Indic, Devanagari, full-width… digits; the code the customer types is ASCII.
//
// Why no lookup table: Unicode guarantees (stability policy) that characters with
// General_Category=Nd come only in contiguous runs of ten, 0 to 9 in order. So a digit's value is its
// distance from the start of its contiguous run of Nd characters, modulo 10 (the modulo covers the
// mathematical digits U+1D7CE–U+1D7FF, five sets of ten back to back). New scripts work as soon as
// the runtime's Unicode data knows them.

const ND = /\p{Nd}/u;
const ND_GLOBAL = /\p{Nd}/gu;
const ASCII_DIGIT = /^[0-9]$/;

/** The value 0–9 of one decimal digit character (any script), or undefined if it is not one. */
export function digitValue(ch: string): number | undefined {
  const cp = ch.codePointAt(0);
  if (cp === undefined || !ND.test(String.fromCodePoint(cp))) return undefined;
  let start = cp;
  // Runs are at most 50 long (the mathematical digits); the bound only guards against bad data.
  while (start > 0 && cp - start < 60 && ND.test(String.fromCodePoint(start - 1))) start--;
  return (cp - start) % 10;
}

/** The text with every decimal digit (any script) replaced by its ASCII digit; nothing else changes. */
export function toAsciiDigits(text: string): string {
  return text.replace(ND_GLOBAL, (ch) => (ASCII_DIGIT.test(ch) ? ch : String(digitValue(ch))));
}
