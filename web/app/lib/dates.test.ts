// Dates in the reader's language (Khmer month names, Western digits) and in the shop's time zone
// (Asia/Phnom_Penh, UTC+7), whatever the viewer's clock says. The words come from the copy, not
// from Intl's locale data (Chromium has none for Khmer): the same text in every browser.
import { afterEach, beforeAll, describe, expect, it } from "vitest";

import { renderIn } from "~/lib/i18n";
import km from "~/locales/km";

import {
  DEFAULT_SHOP_TIME_ZONE,
  endOfShopDay,
  formatDate,
  formatDateTime,
  formatDay,
  formatDayLong,
  formatDayMonth,
  formatDayRange,
  formatMonth,
  formatTime,
  formatWeekday,
  setShopTimeZone,
  shopTimeZone,
  shopToday,
  startOfShopDay,
} from "./dates";

const KHMER_DIGITS = /[\u17E0-\u17E9]/;
// 22 Nov 2026 20:04 UTC is 23 Nov 2026 03:04 in Phnom Penh: the shop's day is the 23rd.
const LATE_EVENING_UTC = "2026-11-22T20:04:00.000Z";

beforeAll(() => {
  renderIn("km", km); // the Khmer copy, as when a customer has chosen Khmer
  renderIn("en");
});
afterEach(() => setShopTimeZone(DEFAULT_SHOP_TIME_ZONE));

describe("dates in English", () => {
  it("are written as before, on the shop's day and clock", () => {
    expect(shopTimeZone()).toBe("Asia/Phnom_Penh");
    expect(formatDate(LATE_EVENING_UTC, "en")).toBe("Nov 23, 2026");
    expect(formatTime(LATE_EVENING_UTC, "en")).toBe("3:04 AM");
    expect(formatDateTime(LATE_EVENING_UTC, "en")).toBe("Nov 23, 2026, 3:04 AM");
  });

  it("say '—' (or nothing for a time) when the date is missing or unreadable", () => {
    expect(formatDate(null, "en")).toBe("—");
    expect(formatDate("not a date", "en")).toBe("—");
    expect(formatTime(undefined, "en")).toBe("");
    expect(formatDateTime("", "km")).toBe("—");
  });
});

describe("dates in Khmer", () => {
  it("have Khmer month names, Western digits and the 24-hour clock of Phnom Penh", () => {
    expect(formatDate(LATE_EVENING_UTC, "km")).toBe("23 វិច្ឆិកា 2026");
    expect(formatTime(LATE_EVENING_UTC, "km")).toBe("03:04");
    expect(formatDateTime("2026-11-22T08:04:00.000Z", "km")).toBe("22 វិច្ឆិកា 2026 ម៉ោង 15:04");
    for (const text of [formatDate(LATE_EVENING_UTC, "km"), formatDateTime(LATE_EVENING_UTC, "km")]) {
      expect(text).not.toMatch(KHMER_DIGITS);
      expect(text).not.toMatch(/[A-Za-z]/);
    }
    // The same words Intl has where its data has Khmer (Node's full ICU; Chromium's has none).
    expect(formatDate(LATE_EVENING_UTC, "km")).toBe(
      new Intl.DateTimeFormat("km-KH-u-nu-latn", { month: "long", day: "numeric", year: "numeric", timeZone: "Asia/Phnom_Penh" }).format(new Date(LATE_EVENING_UTC)),
    );
  });

  it("name every month in Khmer", () => {
    const months = Array.from({ length: 12 }, (_, m) => formatMonth(new Date(2027, m, 1), "km"));
    expect(months).toEqual([
      "មករា 2027",
      "កុម្ភៈ 2027",
      "មីនា 2027",
      "មេសា 2027",
      "ឧសភា 2027",
      "មិថុនា 2027",
      "កក្កដា 2027",
      "សីហា 2027",
      "កញ្ញា 2027",
      "តុលា 2027",
      "វិច្ឆិកា 2027",
      "ធ្នូ 2027",
    ]);
    expect(formatWeekday(new Date(2026, 10, 22), "km", "long")).toBe("អាទិត្យ");
    expect(formatWeekday(new Date(2026, 10, 22), "en")).toBe("Sun");
    expect(formatDayLong(new Date(2026, 10, 22), "en")).toBe("Sunday, November 22, 2026");
    expect(formatDayLong(new Date(2026, 10, 22), "km")).toBe("ថ្ងៃអាទិត្យ 22 វិច្ឆិកា 2026");
  });
});

describe("calendar days (the date pickers)", () => {
  it("are written as the day they stand for, in either language", () => {
    const day = new Date(2026, 11, 30);
    expect(formatDay(day, "en")).toBe("Dec 30, 2026");
    expect(formatDay(day, "km")).toBe("30 ធ្នូ 2026");
    expect(formatDayRange(new Date(2026, 10, 20), new Date(2026, 10, 22), "en")).toBe("Nov 20 – Nov 22, 2026");
    expect(formatDayRange(new Date(2025, 11, 30), new Date(2026, 0, 2), "en")).toBe("Dec 30, 2025 – Jan 2, 2026");
    expect(formatDayRange(new Date(2026, 10, 22), new Date(2026, 11, 2), "km")).toBe("22 វិច្ឆិកា – 2 ធ្នូ 2026");
    expect(formatDayRange(day, day, "km")).toBe("30 ធ្នូ 2026");
  });

  it("are written without their year for a chart's axis (the admin's revenue chart)", () => {
    expect(formatDayMonth(new Date(2026, 2, 5), "en")).toBe("Mar 5");
    expect(formatDayMonth(new Date(2026, 2, 5), "km")).toBe("5 មីនា");
  });

  it("begin and end at the shop's midnight, and today is the shop's today", () => {
    const day = new Date(2026, 10, 23);
    expect(startOfShopDay(day)).toBe("2026-11-22T17:00:00.000Z");
    expect(endOfShopDay(day)).toBe("2026-11-23T16:59:59.999Z");
    const today = shopToday(new Date(LATE_EVENING_UTC));
    expect([today.getFullYear(), today.getMonth(), today.getDate()]).toEqual([2026, 10, 23]);
  });

  it("follow another shop time zone when the server names one, and ignore an unknown one", () => {
    setShopTimeZone("America/New_York");
    expect(formatDate(LATE_EVENING_UTC, "en")).toBe("Nov 22, 2026");
    expect(startOfShopDay(new Date(2026, 6, 1))).toBe("2026-07-01T04:00:00.000Z"); // summer time
    expect(startOfShopDay(new Date(2026, 11, 1))).toBe("2026-12-01T05:00:00.000Z");
    setShopTimeZone("Mars/Olympus_Mons");
    expect(shopTimeZone()).toBe("Asia/Phnom_Penh");
  });
});
