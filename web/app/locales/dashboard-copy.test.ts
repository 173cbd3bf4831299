// The customer dashboard's words (issue #27): translated, and the Khmer written by the glossary's
// rules (every key in every language, with the same placeholders: locales.test.ts).
import { describe, expect, it } from "vitest";

import km from "~/locales/km";
import enAdmin from "~/locales/en/admin.json";
import enDates from "~/locales/en/dates.json";
import enHistory from "~/locales/en/history.json";
import enLicenseDialogs from "~/locales/en/licenseDialogs.json";
import enLicenses from "~/locales/en/licenses.json";
import enOtp from "~/locales/en/otp.json";
import enProfile from "~/locales/en/profile.json";
import enProfileTwoFactor from "~/locales/en/profileTwoFactor.json";
import enReseller from "~/locales/en/reseller.json";
import enTable from "~/locales/en/table.json";
import enRefunds from "~/locales/en/refunds.json";
import enTransactions from "~/locales/en/transactions.json";
import { leaves } from "~/test/copy-leaves";

type Tree = { [key: string]: string | Tree };

const NAMESPACES: Record<string, Tree> = {
  licenses: enLicenses,
  licenseDialogs: enLicenseDialogs,
  history: enHistory,
  transactions: enTransactions,
  refunds: enRefunds,
  profile: enProfile,
  profileTwoFactor: enProfileTwoFactor,
  otp: enOtp,
  table: enTable,
  dates: enDates as unknown as Tree,
  admin: enAdmin,
  reseller: enReseller,
};

/** Brand and product names, codes and symbols that stay as they are in Khmer. */
const KEEP = /^(OTP|OTP Gmail|API Key|API key|Gmail)$/;

describe.each(Object.keys(NAMESPACES))("the %s namespace", (ns) => {
  const en = leaves(NAMESPACES[ns]!);
  const kmTree = (km as unknown as Record<string, Tree | undefined>)[ns];

  it("is translated: Khmer text, not the English copied", () => {
    const kh = leaves(kmTree!);
    for (const [key, text] of en) {
      // An English plural form (_one) is Khmer's one form, _other (Khmer has no other plural forms).
      const khmer = (kh.get(key) ?? kh.get(key.replace(/_(zero|one|two|few|many)$/, "_other")))!;
      // Names kept as they are, and patterns that are only an order of values (or a clock's hours, "3 × $9.00").
      if (KEEP.test(text) || /^(\{\{\w+\}\}|[\s,–:\d×·])+$/.test(khmer)) continue;
      expect(khmer, `${ns}:${key}`).not.toBe(text);
      expect(khmer, `${ns}:${key} has no Khmer letters`).toMatch(/[\u1780-\u17FF]/);
    }
  });

  it("follows the glossary's writing rules: Western digits, one spelling, no bare key word", () => {
    for (const [key, text] of leaves(kmTree!)) {
      const where = `${ns}:${key}: ${text}`;
      expect(text, where).not.toMatch(/[\u17E0-\u17E9]/); // Khmer digits
      expect(text, where).not.toMatch(/ឲ្យ|ម្តង|ផ្តើម|ប្តូរ|សេចក្តី|ផ្តល់/); // ឱ្យ, and ្ដ in these words
      expect(text, where).not.toMatch(/សោប្ដូរ|វគ្គ/); // "time-change key", "session"
      expect(text, where).not.toMatch(/[\u1780-\u17D3][A-Za-z]|[A-Za-z][\u1780-\u17D3]/); // a Latin name stands apart from Khmer words (not from ។ ៖)
      // A sentence ends in ។ (an English "..." of a busy label stays).
      const english = en.get(key) ?? "";
      if (/[^.]\.$/.test(english)) expect(text, where).toMatch(/។$/);
      expect(text, where).not.toMatch(/[^.]\.$/);
    }
  });
});

describe("the glossary's terms", () => {
  const all = Object.keys(NAMESPACES).flatMap((ns) => [...leaves((km as unknown as Record<string, Tree>)[ns]!).values()]);
  it("name the buy key លេខកូដអាជ្ញាប័ណ្ណ and the device key កូដឧបករណ៍, never កូដអាជ្ញាប័ណ្ណ alone", () => {
    for (const text of all) expect(text.replaceAll("លេខកូដអាជ្ញាប័ណ្ណ", ""), text).not.toContain("កូដអាជ្ញាប័ណ្ណ");
    expect(leaves(km.licenses as Tree).get("columns.buyKey")).toBe("លេខកូដអាជ្ញាប័ណ្ណ");
    expect(leaves(km.licenses as Tree).get("columns.licenseKey")).toBe("កូដឧបករណ៍");
    expect(leaves(km.transactions as Tree).get("columns.buyKey")).toBe("លេខកូដអាជ្ញាប័ណ្ណ");
    expect(leaves(km.history as Tree).get("columns.buyKey")).toBe("លេខកូដអាជ្ញាប័ណ្ណ");
  });

  it("never use a bare បន្ត for renewing: បន្តអាជ្ញាប័ណ្ណ or បន្តសុពលភាព", () => {
    const licenses = leaves(km.licenses as Tree);
    for (const key of ["actions.renew", "actions.renewLabel"]) {
      expect(licenses.get(key), key).toMatch(/បន្ត(អាជ្ញាប័ណ្ណ|សុពលភាព)/);
    }
  });
});
