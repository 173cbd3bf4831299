// Dates as the dashboard shows them: in the reader's language ('Nov 22, 2026', '22 វិច្ឆិកា 2026'),
// always with Western digits (the Khmer glossary's rule, as the receipts), and in the shop's one
// time zone (Asia/Phnom_Penh unless the server names another), whatever the viewer's own clock
// says: a payment made at 23:30 in Phnom Penh is on the same day for every reader and every e-mail.
//
// Components use `useDates()` (re-rendered when the language or the time zone changes); code
// outside React calls the functions, which read the current language.
import { useMemo, useSyncExternalStore } from "react";

import i18n, { useTranslation, type Language } from "~/lib/i18n";

/** The shop's time zone when the server does not name one (GET /api/config `shopTimeZone`). */
export const DEFAULT_SHOP_TIME_ZONE = "Asia/Phnom_Penh";

export const MISSING = "—";

/**
 * The Intl locale of each language: Western digits (`nu-latn`) everywhere, and a 24-hour clock in
 * Khmer ('15:04', as the receipts; Khmer's own data would say '3:04 PM' in Latin letters). A
 * language not listed here gets its own tag with Western digits.
 */
const LOCALES: Partial<Record<string, string>> = {
  en: "en-US",
  km: "km-KH-u-hc-h23-nu-latn",
};

export function localeOf(lng: string): string {
  return LOCALES[lng] ?? `${lng}-u-nu-latn`;
}

// ---- The shop's time zone --------------------------------------------------------------------

let timeZone = DEFAULT_SHOP_TIME_ZONE;
const zoneListeners = new Set<() => void>();

function isTimeZone(value: string) {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
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
  const next = value && isTimeZone(value) ? value : DEFAULT_SHOP_TIME_ZONE;
  if (next === timeZone) return;
  timeZone = next;
  formats.clear();
  for (const listener of zoneListeners) listener();
}

function subscribeZone(listener: () => void) {
  zoneListeners.add(listener);
  return () => {
    zoneListeners.delete(listener);
  };
}

// ---- Formatting ------------------------------------------------------------------------------

type Kind = "date" | "time" | "dateTime" | "day" | "dayRange" | "dayLong" | "month" | "weekday" | "weekdayLong";

const OPTIONS: Record<Kind, Intl.DateTimeFormatOptions> = {
  date: { month: "short", day: "numeric", year: "numeric" },
  time: { hour: "numeric", minute: "2-digit" },
  dateTime: { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" },
  // Calendar days (the date pickers' midnight Dates) are days, not instants: formatted as such.
  day: { month: "short", day: "numeric", year: "numeric" },
  dayRange: { month: "short", day: "numeric", year: "numeric" },
  dayLong: { weekday: "long", month: "long", day: "numeric", year: "numeric" },
  month: { month: "long", year: "numeric" },
  weekday: { weekday: "short" },
  weekdayLong: { weekday: "long" },
};

const formats = new Map<string, Intl.DateTimeFormat>();

function format(lng: string, kind: Kind, zone: string) {
  const key = `${lng}|${kind}|${zone}`;
  let result = formats.get(key);
  if (!result) {
    result = new Intl.DateTimeFormat(localeOf(lng), { ...OPTIONS[kind], timeZone: zone });
    formats.set(key, result);
  }
  return result;
}

function toDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Nov 22, 2026' / '22 វិច្ឆិកា 2026' (the shop's day), or '—' when missing or unreadable. */
export function formatDate(iso: string | null | undefined, lng: Language | string = i18n.language): string {
  const date = toDate(iso);
  return date ? format(lng, "date", timeZone).format(date) : MISSING;
}

/** '3:04 PM' / '15:04' (the shop's clock), or '' when missing or unreadable. */
export function formatTime(iso: string | null | undefined, lng: Language | string = i18n.language): string {
  const date = toDate(iso);
  return date ? format(lng, "time", timeZone).format(date) : "";
}

/** 'Nov 22, 2026, 3:04 PM' / '22 វិច្ឆិកា 2026, 15:04', or '—'. */
export function formatDateTime(iso: string | null | undefined, lng: Language | string = i18n.language): string {
  const date = toDate(iso);
  return date ? format(lng, "dateTime", timeZone).format(date) : MISSING;
}

// ---- Calendar days ---------------------------------------------------------------------------
// The date pickers speak local midnight Dates that stand for a day of the calendar (y, m, d).
// They are formatted as that day (through UTC, so no zone can move them), and turned into the
// instants the API wants at the shop's midnight.

const asUtcDay = (day: Date) => new Date(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate()));

function dayFormat(kind: Kind, lng: string) {
  return format(lng, kind, "UTC");
}

/** A calendar day: 'Nov 22, 2026' / '22 វិច្ឆិកា 2026'. */
export function formatDay(day: Date, lng: Language | string = i18n.language): string {
  return dayFormat("day", lng).format(asUtcDay(day));
}

/** 'Saturday, November 22, 2026' (the calendar's day buttons, for screen readers). */
export function formatDayLong(day: Date, lng: Language | string = i18n.language): string {
  return dayFormat("dayLong", lng).format(asUtcDay(day));
}

/** 'November 2026' / 'វិច្ឆិកា 2026' (a calendar's month caption). */
export function formatMonth(day: Date, lng: Language | string = i18n.language): string {
  return dayFormat("month", lng).format(asUtcDay(day));
}

/** 'Sun' / 'អាទិត្យ' (a calendar's column heading), or 'Sunday' in full. */
export function formatWeekday(day: Date, lng: Language | string = i18n.language, style: "short" | "long" = "short"): string {
  return dayFormat(style === "long" ? "weekdayLong" : "weekday", lng).format(asUtcDay(day));
}

/** 'Nov 22, 2026', 'Nov 20 – 22, 2026', 'Dec 30, 2025 – Jan 2, 2026' (the language's own way). */
export function formatDayRange(from: Date, to: Date, lng: Language | string = i18n.language): string {
  const start = asUtcDay(from);
  const end = asUtcDay(to);
  if (start.getTime() === end.getTime()) return formatDay(from, lng);
  // ICU puts thin spaces around the dash; plain spaces read (and search) the same everywhere.
  return dayFormat("dayRange", lng).formatRange(start, end).replace(/\u2009/g, " ");
}

/** The wall clock's parts of an instant in a zone. */
function partsIn(zone: string, date: Date) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour") % 24, minute: get("minute"), second: get("second") };
}

/** Today in the shop, as a local midnight Date (what the pickers speak). */
export function shopToday(now: Date = new Date()): Date {
  const { year, month, day } = partsIn(timeZone, now);
  return new Date(year, month - 1, day);
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
 * either changes.
 */
export function useDates() {
  const { i18n: translator } = useTranslation();
  const lng = translator.language;
  const zone = useSyncExternalStore(subscribeZone, shopTimeZone, shopTimeZone);
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
    [lng, zone],
  );
}
