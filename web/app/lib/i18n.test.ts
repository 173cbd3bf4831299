// The small translator (decision 013): what the public pages rely on, in both languages.
import { describe, expect, it } from "vitest";

import { getFixedT, interpolate, registerNamespace, renderIn } from "./i18n";

registerNamespace("unit", {
  en: {
    greeting: "Hello {{name}}",
    nested: { deep: { key: "Deep" } },
    days_one: "{{count}} day",
    days_other: "{{count}} days",
    list: ["a", "b"],
    onlyEnglish: "English only",
  },
  km: { greeting: "សួស្តី {{name}}", nested: { deep: { key: "ជ្រៅ" } }, days_other: "{{count}} ថ្ងៃ" },
});
renderIn("km", {}); // the Khmer copy is "loaded" (here: registered above)
renderIn("en");

describe("the translator", () => {
  it("reads nested keys and another namespace with ns:key", () => {
    const t = getFixedT("en", "unit");
    expect(t("nested.deep.key")).toBe("Deep");
    expect(getFixedT("en", "common")("unit:nested.deep.key")).toBe("Deep");
  });

  it("interpolates {{values}} once, and missing values as nothing", () => {
    expect(getFixedT("en", "unit")("greeting", { name: "Dara" })).toBe("Hello Dara");
    expect(interpolate("{{a}} and {{ b }}", { a: "{{b}}", b: 2 })).toBe("{{b}} and 2");
    expect(interpolate("x{{missing}}y", {})).toBe("xy");
  });

  it("picks the plural form of each language", () => {
    const en = getFixedT("en", "unit");
    expect(en("days", { count: 1 })).toBe("1 day");
    expect(en("days", { count: 30 })).toBe("30 days");
    // Khmer has one form: "other".
    expect(getFixedT("km", "unit")("days", { count: 1 })).toBe("1 ថ្ងៃ");
  });

  it("falls back to English, then to the key itself", () => {
    const km = getFixedT("km", "unit");
    expect(km("greeting", { name: "ដារ៉ា" })).toBe("សួស្តី ដារ៉ា");
    expect(km("onlyEnglish")).toBe("English only");
    expect(km("no.such.key")).toBe("no.such.key");
    expect(km("no.such.key", { defaultValue: "Default" })).toBe("Default");
  });

  it("returns objects only when asked", () => {
    const t = getFixedT("en", "unit");
    expect(t("list", { returnObjects: true })).toEqual(["a", "b"]);
    expect(t("list")).toBe("list");
  });
});
