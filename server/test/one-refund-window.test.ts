// Issue #29 item 6, decision 054: the refund policy is stated once. site.config.json's
// refundWindowDays is the window the refund rules apply (the server's config), the buy-key e-mails
// state, and the landing, the subscription tool and the FAQ promise (their copy takes the number,
// never a figure of its own); the refund dialog shows the deadline the server computes from it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../contracts/languages";
import { SITE } from "../../contracts/site";
import { SiteConfigSchema } from "../../contracts/site.schema";
import { loadConfig } from "../config";
import { emailSamples, renderEmail } from "../providers/email/render";

const DAYS = SITE.refundWindowDays;
// What each language calls the guarantee; every sentence that names it or a refund deadline.
const GUARANTEE = /refund|money-back|សងប្រាក់វិញ/i;
const STATED_WINDOW = /\d+[- ](?:day|hour)s?|\d+ (?:ថ្ងៃ|ម៉ោង)|[០-៩]+ (?:ថ្ងៃ|ម៉ោង)/;

function strings(value: unknown, path = ""): Array<[string, string]> {
  if (typeof value === "string") return [[path, value]];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

describe("one refund window (decision 054)", () => {
  it("is one setting of the site configuration, and the refund rules run on it", () => {
    expect(SiteConfigSchema.parse(SITE).refundWindowDays).toBe(DAYS);
    expect(loadConfig({}).refundWindowDays).toBe(DAYS);
    // The old environment variable no longer sets a second, different window.
    expect(loadConfig({ REFUND_WINDOW_DAYS: String(DAYS + 1) }).refundWindowDays).toBe(DAYS);
  });

  it("the buy-key, renewal and gift e-mails state that window, in every language", async () => {
    const purchases = emailSamples().filter((s) => ["license-key", "license-extended", "license-gift-receipt"].includes(s.template));
    expect(purchases.length).toBeGreaterThanOrEqual(3);
    for (const sample of purchases) {
      const en = await renderEmail(sample, { language: "en" });
      expect(en.text, sample.template).toContain(`a refund request within ${DAYS} days of payment (our money-back guarantee)`);
      const km = await renderEmail(sample, { language: "km" });
      expect(km.text, sample.template).toContain(`ស្នើសុំសងប្រាក់វិញក្នុងរយៈពេល ${DAYS} ថ្ងៃបន្ទាប់ពីការបង់ប្រាក់`);
      for (const text of [en.text, km.text]) expect(text).not.toMatch(/24 hours|24 ម៉ោង/);
    }
  });

  it("no page's copy names a window of its own: each takes {{days}}, the site's setting", () => {
    for (const code of LANGUAGES) {
      for (const ns of ["landing", "subscription", "faq", "transactions"]) {
        const file = `web/app/locales/${code}/${ns}.json`;
        for (const [key, text] of strings(JSON.parse(readFileSync(file, "utf8")))) {
          if (!GUARANTEE.test(text)) continue;
          expect(text, `${file} ${key}`).not.toMatch(STATED_WINDOW);
        }
      }
    }
    // The landing's promises do take it (a sample: the hero's trust line).
    const landing = JSON.parse(readFileSync("web/app/locales/en/landing.json", "utf8")) as { hero: { trustGuarantee: string } };
    expect(landing.hero.trustGuarantee).toBe("{{days}}-day money-back guarantee");
  });
});
