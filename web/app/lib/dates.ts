// Dates as the dashboard shows them: in the reader's language ('Nov 22, 2026', '22 វិច្ឆិកា 2026'),
// always with Western digits (the Khmer glossary's rule, as the receipts), and in the shop's one
// time zone (Asia/Phnom_Penh unless the server names another), whatever the viewer's own clock
// says: a payment made at 23:30 in Phnom Penh is on the same day for every reader and every e-mail.
//
// The words and the order come from the "dates" namespace (month and weekday names, patterns),
// not from Intl's locale data: Chromium's ICU has no Khmer (Intl.DateTimeFormat("km") answers in
// English there), so a language is its copy here as everywhere else (decision 043). Intl only
// reads the wall clock of the shop's time zone, with its English digits.
//
// Components use `useDates()` (re-rendered when the language or the time zone changes); code
// outside React calls the functions, which read the current language.
import { useEffect, useMemo, useSyncExternalStore } from "react";

import { api } from "~/lib/api";
import i18n, { getFixedT, registerNamespace, useTranslation, type TFunction } from "~/lib/i18n";
import enDates from "~/locales/en/dates.json";

registerNamespace("dates", { en: enDates });

/** The shop's time zone when the server does not name one (GET /api/config `shopTimeZone`). */
export const DEFAULT_SHOP_TIME_ZONE = "Asia/Phnom_Penh";

export const MISSING = "—";

// ---- The shop's time zone --------------------------------------------------------------------

let timeZone = DEFAULT_SHOP_TIME_ZONE;
const zoneListeners = new Set<() => void>();
const clocks = new Map<string, Intl.DateTimeFormat>();

function clock(zone: string) {
  let format = clocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
    });
    clocks.set(zone, format);
  }
  return format;
}

function isTimeZone(value: string) {
  try {
    clock(value);
    return true;
  } catch {
    return false;
  }
}

export function shopTimeZone() {
  return timeZone;
}

/** The server's setting, once known; an unknown zone is ignored (the default stays). */
export function setShopTimeZone(value: string | null | undefined) {
  // The zone in use needs no check: checking builds Intl's formatter for it, tens of milliseconds of
  // a phone's main thread the first time (issue #28 item 5), on a page that may show no date at all.
  if (value === timeZone) return;
  const next = value && isTimeZone(value) ? value : DEFAULT_SHOP_TIME_ZONE;
  if (next === timeZone) return;
  timeZone = next;
  for (const listener of zoneListeners) listener();
}

let zoneRequested = false;

/**
 * Asks the server once for the shop's time zone (GET /api/config `timeZone`, from SHOP_TIME_ZONE);
 * until it answers, or if it names none, the default stands. Not in unit tests (no server).
 */
export function loadShopTimeZone() {
  if (zoneRequested || typeof window === "undefined" || import.meta.env.MODE === "test") return;
  zoneRequested = true;
  api.getConfig().then(
    (config) => setShopTimeZone((config as { timeZone?: string }).timeZone),
    () => undefined, // the default stays
  );
}

function subscribeZone(listener: () => void) {
  zoneListeners.add(listener);
  return () => {
    zoneListeners.delete(listener);
  };
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

type Parts = { year: number; month: number; day: number; weekday: number; hour: number; minute: number; second: number };

/** The wall clock of an instant in a zone: month 1–12, weekday 0 (Sunday) – 6. */
function partsIn(zone: string, date: Date): Parts {
  const parts = clock(zone).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "0";
  return {
    year: Number(get("year")),
    month: Number(get("month")),
    day: Number(get("day")),
    weekday: WEEKDAYS.indexOf(get("weekday")),
    hour: Number(get("hour")) % 24,
    minute: Number(get("minute")),
    second: Number(get("second")),
  };
}

/** A calendar day (a local midnight Date of the pickers) as parts: the day it stands for, no zone. */
function dayParts(day: Date): Parts {
  return { year: day.getFullYear(), month: day.getMonth() + 1, day: day.getDate(), weekday: day.getDay(), hour: 0, minute: 0, second: 0 };
}

// ---- Formatting ------------------------------------------------------------------------------

const datesT = (lng: string): TFunction => getFixedT(lng as typeof i18n.language, "dates");

function names(t: TFunction, key: string): string[] {
  const list = t(key, { returnObjects: true });
  return Array.isArray(list) ? (list as string[]) : [];
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A date with the short month name ('Nov 22, 2026'; Khmer has no short names: '22 វិច្ឆិកា 2026'). */
function dateText(t: TFunction, p: Parts) {
  return t("date", { day: p.day, month: names(t, "monthsShort")[p.month - 1], year: p.year });
}

/** The language's clock: '3:04 PM' (hourCycle 12) or '15:04' (24). */
function timeText(t: TFunction, p: Parts) {
  if (t("hourCycle") === "24") return t("time24", { hour: pad(p.hour), minute: pad(p.minute) });
  return t("time12", { hour: p.hour % 12 || 12, minute: pad(p.minute), period: p.hour < 12 ? t("am") : t("pm") });
}

function toDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Nov 22, 2026' / '22 វិច្ឆិកា 2026' (the shop's day), or '—' when missing or unreadable. */
export function formatDate(iso: string | null | undefined, lng: string = i18n.language): string {
  const date = toDate(iso);
  return date ? dateText(datesT(lng), partsIn(timeZone, date)) : MISSING;
}

/** '3:04 PM' / '15:04' (the shop's clock), or '' when missing or unreadable. */
export function formatTime(iso: string | null | undefined, lng: string = i18n.language): string {
  const date = toDate(iso);
  return date ? timeText(datesT(lng), partsIn(timeZone, date)) : "";
}

/** 'Nov 22, 2026, 3:04 PM' / '22 វិច្ឆិកា 2026 ម៉ោង 15:04', or '—'. */
export function formatDateTime(iso: string | null | undefined, lng: string = i18n.language): string {
  const date = toDate(iso);
  if (!date) return MISSING;
  const t = datesT(lng);
  const p = partsIn(timeZone, date);
  return t("dateTime", { date: dateText(t, p), time: timeText(t, p) });
}

// ---- Calendar days ---------------------------------------------------------------------------
// The date pickers speak local midnight Dates that stand for a day of the calendar (y, m, d).
// They are written as that day, and turned into the instants the API wants at the shop's midnight.

/** A calendar day: 'Nov 22, 2026' / '22 វិច្ឆិកា 2026'. */
export function formatDay(day: Date, lng: string = i18n.language): string {
  return dateText(datesT(lng), dayParts(day));
}

/** 'Nov 22' / '22 វិច្ឆិកា' (a calendar day without its year: a chart's axis). */
export function formatDayMonth(day: Date, lng: string = i18n.language): string {
  const t = datesT(lng);
  return t("dayMonth", { day: day.getDate(), month: names(t, "monthsShort")[day.getMonth()] });
}

/** 'Sunday, November 22, 2026' (the calendar's day buttons, for screen readers). */
export function formatDayLong(day: Date, lng: string = i18n.language): string {
  const t = datesT(lng);
  const p = dayParts(day);
  return t("dateLong", { weekday: names(t, "weekdays")[p.weekday], day: p.day, month: names(t, "months")[p.month - 1], year: p.year });
}

/** 'November 2026' / 'វិច្ឆិកា 2026' (a calendar's month caption). */
export function formatMonth(day: Date, lng: string = i18n.language): string {
  const t = datesT(lng);
  return t("monthYear", { month: names(t, "months")[day.getMonth()], year: day.getFullYear() });
}

/** 'Sun' / 'អា' (a calendar's column heading), or 'Sunday' / 'អាទិត្យ' in full. */
export function formatWeekday(day: Date, lng: string = i18n.language, style: "short" | "long" = "short"): string {
  return names(datesT(lng), style === "long" ? "weekdays" : "weekdaysShort")[day.getDay()] ?? "";
}

/** 'Nov 22, 2026', 'Nov 20 – Nov 22, 2026', 'Dec 30, 2025 – Jan 2, 2026' (the year once when it is the same). */
export function formatDayRange(from: Date, to: Date, lng: string = i18n.language): string {
  const t = datesT(lng);
  const start = dayParts(from);
  const end = dayParts(to);
  const same = (a: Parts, b: Parts) => a.year === b.year && a.month === b.month && a.day === b.day;
  if (same(start, end)) return dateText(t, start);
  const first =
    start.year === end.year
      ? t("dayMonth", { day: start.day, month: names(t, "monthsShort")[start.month - 1] })
      : dateText(t, start);
  return t("range", { from: first, to: dateText(t, end) });
}

/** Today in the shop, as a local midnight Date (what the pickers speak). */
export function shopToday(now: Date = new Date()): Date {
  const { year, month, day } = partsIn(timeZone, now);
  return new Date(year, month - 1, day);
}

/** The shop's calendar day of an instant, as "2027-04-13" (what a date field holds). */
export function shopDayOf(instant: Date): string {
  const { year, month, day } = partsIn(timeZone, instant);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The instant the shop's clock reads `hh:mm:ss.ms` on this calendar day. */
function shopInstant(day: Date, hours: number, minutes: number, seconds: number, ms: number): Date {
  const wall = Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), hours, minutes, seconds, ms);
  // The zone's offset at that moment (twice: a change of offset in between is then taken into account).
  let guess = wall;
  for (let i = 0; i < 2; i += 1) {
    const p = partsIn(timeZone, new Date(guess));
    const seen = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, ms);
    guess += wall - seen;
  }
  return new Date(guess);
}

/** The first instant of this calendar day in the shop (00:00:00.000 there), as ISO. */
export function startOfShopDay(day: Date): string {
  return shopInstant(day, 0, 0, 0, 0).toISOString();
}

/** The last instant of this calendar day in the shop (23:59:59.999 there), as ISO. */
export function endOfShopDay(day: Date): string {
  return shopInstant(day, 23, 59, 59, 999).toISOString();
}

// ---- React -----------------------------------------------------------------------------------

/**
 * The formatters in the current language and the shop's zone; the component re-renders when
 * either (or the copy) changes.
 */
export function useDates() {
  const { t, i18n: translator } = useTranslation("dates");
  const lng = translator.language;
  const zone = useSyncExternalStore(subscribeZone, shopTimeZone, shopTimeZone);
  useEffect(loadShopTimeZone, []);
  return useMemo(
    () => ({
      language: lng,
      timeZone: zone,
      formatDate: (iso: string | null | undefined) => formatDate(iso, lng),
      formatTime: (iso: string | null | undefined) => formatTime(iso, lng),
      formatDateTime: (iso: string | null | undefined) => formatDateTime(iso, lng),
      formatDay: (day: Date) => formatDay(day, lng),
      formatDayRange: (from: Date, to: Date) => formatDayRange(from, to, lng),
    }),
    // `t` changes with the copy (the Khmer arriving), `lng` with the choice.
    [t, lng, zone],
  );
}
