// Dates as customers read them: in the language's month names and in ONE time zone, the shop's
// (SHOP_TIME_ZONE, Asia/Phnom_Penh by default), in e-mails, receipts and pages alike. Digits are
// Western in every language (the Khmer glossary's rule, decision 022). No zod, no imports but the
// languages list: the web may import it.
import { languageInfo, type Language } from "./languages";
import { DAY_MS } from "./units";

/** The shop's time zone when SHOP_TIME_ZONE is not set. */
export const DEFAULT_SHOP_TIME_ZONE = "Asia/Phnom_Penh";

const formats = new Map<string, Intl.DateTimeFormat>();

function format(language: Language, timeZone: string, kind: "date" | "dateTime" | "offset" | "day"): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${kind}`;
  let f = formats.get(key);
  if (!f) {
    const base = { timeZone, numberingSystem: "latn" } as const;
    f =
      kind === "offset"
        ? new Intl.DateTimeFormat("en-US", { ...base, timeZoneName: "longOffset" })
        : kind === "day"
          ? new Intl.DateTimeFormat("en-CA", { ...base, year: "numeric", month: "2-digit", day: "2-digit" })
          : new Intl.DateTimeFormat(languageInfo(language).intl, {
            ...base,
            year: "numeric",
            month: "long",
            day: "numeric",
            ...(kind === "dateTime" ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } : {}),
          });
    formats.set(key, f);
  }
  return f;
}

/** ICU puts zero-width spaces between Khmer words; the shop's texts use plain spaces (they break search and copy). */
const clean = (text: string) => text.replace(/\u200B/g, "");

/** Whether Intl knows the time zone (SHOP_TIME_ZONE is checked with it). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** "March 1, 2027", "1 មីនា 2027": the calendar day in the shop's time zone. */
export function formatDate(at: Date | string, language: Language, timeZone: string): string {
  return clean(format(language, timeZone, "date").format(new Date(at)));
}

/** "November 24, 2026 at 14:05", "24 វិច្ឆិកា 2026 នៅម៉ោង 14:05": day and time (24-hour) in the shop's time zone. */
export function formatDateTime(at: Date | string, language: Language, timeZone: string): string {
  return clean(format(language, timeZone, "dateTime").format(new Date(at)));
}

/** "+07:00": the time zone's offset from UTC at that moment ("+00:00" for UTC itself). */
export function utcOffset(at: Date | string, timeZone: string): string {
  const name = format("en", timeZone, "offset").formatToParts(new Date(at)).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const offset = name.replace(/^GMT/, "");
  return offset === "" ? "+00:00" : offset;
}

/** "2027-03-01": the calendar day of a moment in a time zone. */
export function calendarDay(at: Date | string, timeZone: string): string {
  return format("en", timeZone, "day").format(new Date(at));
}

/** Calendar days from `from` to `to` in the time zone: 0 on the same day, 1 the next day, -1 the day before. */
export function calendarDaysBetween(from: Date | string, to: Date | string, timeZone: string): number {
  return Math.round((Date.parse(`${calendarDay(to, timeZone)}T00:00:00Z`) - Date.parse(`${calendarDay(from, timeZone)}T00:00:00Z`)) / DAY_MS);
}
