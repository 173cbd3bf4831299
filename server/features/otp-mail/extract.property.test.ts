// Properties of the extractor over generated text: native digits are read, look-alike numbers
// (dates, times, phone numbers, amounts, years, references, postcodes, link digits) are never taken
// whatever surrounds them, and a real code next to a code word in any of our languages is found.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractCodes, FACEBOOK, SITE_PROFILES, type SiteProfile } from "./extract";
import { CODE_AFTER, CODE_BEFORE, DIGIT_ZEROS, FILLER, inScript } from "./testing";

const FB = "Facebook <security@facebookmail.com>";
const SENDERS: Record<string, string> = {
  facebook: FB,
  instagram: "Instagram <security@mail.instagram.com>",
  tiktok: "TikTok <register@account.tiktok.com>",
  google: "Google <no-reply@accounts.google.com>",
  telegram: "Telegram <no-reply@telegram.org>",
};
const profiles = Object.values(SITE_PROFILES);

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const int = (min: number, max: number) => fc.integer({ min, max });
const filler = fc.array(fc.constantFrom(...FILLER), { maxLength: 8 }).map((w) => w.join(" "));
const zero = fc.constantFrom(...Object.values(DIGIT_ZEROS));
const codeWord = fc.constantFrom(...Object.values(CODE_BEFORE).flat());

// ---------- look-alikes ----------
const date = fc
  .record({ d: int(1, 28), m: int(1, 12), y: int(1990, 2035), buddhist: fc.boolean(), fmt: int(0, 11), time: fc.boolean(), h: int(0, 23), min: int(0, 59) })
  .map(({ d, m, y, buddhist, fmt, time, h, min }) => {
    const yy = buddhist ? y + 543 : y;
    const shapes = [
      `${yy}-${pad(m)}-${pad(d)}`, `${pad(d)}/${pad(m)}/${yy}`, `${pad(m)}/${pad(d)}/${yy}`, `${pad(d)}.${pad(m)}.${yy}`,
      `${d}/${m}/${String(yy).slice(2)}`, `${yy}/${pad(m)}/${pad(d)}`, `${pad(d)}-${pad(m)}-${yy}`, `${yy}${pad(m)}${pad(d)}`,
      `${pad(d)}${pad(m)}${yy}`, `${d} Nov ${yy}`, `${yy}年${m}月${d}日`, `${pad(d)} ${pad(m)} ${yy}`,
    ];
    return shapes[fmt]! + (time ? ` ${pad(h)}:${pad(min)}` : "");
  });

const time = fc.record({ h: int(0, 23), m: int(0, 59), s: int(0, 59), secs: fc.boolean() }).map(({ h, m, s, secs }) => `${pad(h)}:${pad(m)}${secs ? `:${pad(s)}` : ""}`);

const digitsOf = (n: number) => fc.array(int(0, 9), { minLength: n, maxLength: n }).map((a) => a.join(""));
const phone = fc.oneof(
  // international: +CC then groups, spaced or hyphenated
  fc.record({ cc: fc.constantFrom("855", "84", "66", "62", "63", "34", "55", "33", "20", "7", "86", "91", "1"), groups: fc.array(int(2, 4), { minLength: 2, maxLength: 4 }), sep: fc.constantFrom(" ", "-", ""), space: fc.boolean() }).chain(({ cc, groups, sep, space }) =>
    fc.tuple(...groups.map(digitsOf)).map((g) => `+${cc}${space ? " " : ""}${g.join(sep)}`),
  ),
  // area code in parentheses
  fc.tuple(digitsOf(2), digitsOf(3), digitsOf(4), fc.constantFrom("-", " ")).map(([a, b, c, s]) => `(0${a}) ${b}${s}${c}`),
  // national numbers with the trunk 0: nine digits or more
  fc.tuple(digitsOf(2), digitsOf(3), digitsOf(3), fc.constantFrom(" ", "-", "")).map(([a, b, c, s]) => `0${a}${s}${b}${s}${c}`),
  fc.tuple(digitsOf(3), digitsOf(3), digitsOf(3), fc.constantFrom(" ", "-")).map(([a, b, c, s]) => `0${a}${s}${b}${s}${c}`),
);

const amount = fc
  .record({ n: int(1, 99_999_999), cents: int(0, 99), style: int(0, 4), cur: int(0, 19) })
  .map(({ n, cents, style, cur }) => {
    const grouped = (sep: string) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
    const num = [String(n), grouped(","), grouped("."), grouped(" "), `${grouped(",")}.${pad(cents)}`][style]!;
    const forms = [
      `$${num}`, `US$ ${num}`, `${num} USD`, `€${num}`, `${num} €`, `${num} ៛`, `${num}đ`, `${num} ₫`, `Rp ${num}`, `₱${num}`,
      `฿${num}`, `${num} บาท`, `R$ ${num}`, `₹ ${num}`, `${num} руб.`, `${num} ₽`, `¥${num}`, `${num}元`, `${num} ريال`, `VND ${num}`,
    ];
    return forms[cur]!;
  });

const year = fc.record({ y: int(1990, 2035), form: int(0, 3) }).map(({ y, form }) => [`${y}`, `© ${y}`, `năm ${y}`, `พ.ศ. ${y + 543}`][form]!);

const reference = fc
  .record({ label: fc.constantFrom("Order #", "Order number: ", "Invoice ", "Ref: ", "Mã đơn hàng: ", "Pesanan ", "Заказ № ", "订单号 ", "Pedido ", "Commande n° ", "ការបញ្ជាទិញ ", "คำสั่งซื้อ ", "Transaction ID: "), n: int(10_000, 99_999_999) })
  .map(({ label, n }) => `${label}${n}`);

const postcode = fc.record({ st: fc.constantFrom("CA", "TX", "NY", "WA"), n: int(10_000, 99_999) }).map(({ st, n }) => `Menlo Park, ${st} ${n}`);
const link = fc.record({ a: int(10_000, 99_999_999), b: int(10_000, 99_999_999) }).map(({ a, b }) => `https://www.facebook.com/confirmemail.php?c=${a}&u=${b}`);

/** 8-digit codes shaped like YYYYMMDD / DDMMYYYY / MMDDYYYY are read as dates (rarely a real code). */
const dateLike = (code: string) => code.length === 8 && (/^(19|20|25)/.test(code) || /(19|20|25)\d\d$/.test(code));

const distractor = fc.oneof(date, time, phone, amount, year, reference, postcode, link);

/** A mail of filler, code words and look-alikes: sometimes the look-alike right after a code word,
 *  sometimes alone on its line, in HTML sometimes big and bold in its own cell. */
const trapMail = fc
  .array(
    fc.oneof(
      filler,
      distractor,
      fc.tuple(codeWord, fc.constantFrom(" ", ": ", "\n"), distractor).map(([w, s, d]) => `${w}${s}${d}`),
      distractor.map((d) => `\n${d}\n`),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .chain((parts) => fc.tuple(fc.constant(parts), fc.constantFrom(". ", "\n", " ")));

describe("extraction properties", () => {
  it("reads a code written in any digit system as ASCII", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{4,7}$/), zero, codeWord, filler, (code, z, word, text) => {
        fc.pre(!FACEBOOK.ignore.has(code) && !dateLike(code));
        const mail = { from: FB, subject: "Facebook", text: `${text}\n${word} ${inScript(code, z)}\n${text}` };
        expect(extractCodes(FACEBOOK, mail)).toEqual([code]);
      }),
    );
  });

  it("never takes a date, time, phone number, amount, year, reference, postcode or link digits, whatever surrounds it", () => {
    fc.assert(
      fc.property(trapMail, fc.constantFrom(...profiles), fc.boolean(), ([parts, sep], profile: SiteProfile, asHtml) => {
        const text = parts.join(sep);
        const html = parts.map((p) => (/\d/.test(p) ? `<tr><td style="font-size:28px;font-weight:bold">${p.replace(/&/g, "&amp;")}</td></tr>` : `<tr><td>${p}</td></tr>`)).join("");
        const mail = asHtml ? { from: SENDERS[profile.id]!, subject: "Security", text: "", html: `<table>${html}</table>` } : { from: SENDERS[profile.id]!, subject: "Security", text };
        expect(extractCodes(profile, mail)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("finds a code placed among random text and look-alikes when a code word in any of our languages is next to it", () => {
    const lang = fc.constantFrom(...Object.keys(CODE_BEFORE));
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{5,8}$/),
        lang,
        fc.boolean(),
        zero,
        fc.array(fc.oneof(filler, distractor), { maxLength: 6 }),
        fc.array(fc.oneof(filler, distractor), { maxLength: 6 }),
        fc.constantFrom(". ", "\n"),
        fc.nat(),
        (code, l, after, z, head, tail, sep, pick) => {
          fc.pre(!FACEBOOK.ignore.has(code) && !dateLike(code));
          const words = after && CODE_AFTER[l] ? CODE_AFTER[l] : CODE_BEFORE[l]!;
          const word = words[pick % words.length]!;
          const written = inScript(code, z);
          const phrase = after && CODE_AFTER[l] ? `${written} ${word}` : `${word} ${written}`;
          const text = [...head, phrase, ...tail].join(sep);
          expect(extractCodes(FACEBOOK, { from: FB, subject: "Facebook", text })).toEqual([code]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("finds nothing in mail from a domain that is not the site's, whatever its display name says", () => {
    const domain = fc.oneof(
      fc.constantFrom("facebookmail.com.evil.io", "evilfacebookmail.com", "facebook-mail.com", "faceb00kmail.com", "facebookmail.co", "mail-facebook.com"),
      fc.stringMatching(/^[a-z]{3,10}\.(com|net|io|vn|kh)$/),
    );
    fc.assert(
      fc.property(domain, fc.stringMatching(/^\d{5}$/), (d, code) => {
        const from = `"Facebook" <security@${d}>`;
        expect(extractCodes(FACEBOOK, { from, subject: `FB-${code} is your Facebook confirmation code`, text: `Your code is ${code}` })).toEqual([]);
      }),
    );
  });
});
