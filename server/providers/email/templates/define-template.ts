// A template is its texts in every language, its subject, a React component and sample props.
// render.ts keeps the registry; adding an e-mail means one file here and one line there.
//
// One pattern for every e-mail (decision 040): each template's words live in its own table, one
// entry per language (`defineTranslations`, contracts/languages.ts), typed so a missing language
// does not compile; the renderer hands the component the entry of the recipient's language and the
// shared words (COMMON_TEXTS), and formats dates in the shop's time zone. Props carry values only
// (links, codes, amounts as mills, dates as ISO, a plan's length): never words.
import type { ComponentType } from "react";
import { formatDate, formatDateTime, utcOffset } from "../../../../contracts/dates";
import { defineTranslations, textsIn, type Language, type Translations } from "../../../../contracts/languages";
import { planTitle } from "../../../../contracts/plan-catalogue";
import { COMMON_TEXTS, type CommonTexts } from "./common-texts";

/** What a template renders with besides its props: the language, its words and the shop's time. */
export interface MailContext<T> {
  language: Language;
  /** The shop's time zone (SHOP_TIME_ZONE). */
  timeZone: string;
  /** This template's words in the language. */
  t: T;
  /** The words every e-mail shares in the language (the frame, buttons, durations, plans). */
  common: CommonTexts;
  /** The calendar day in the shop's time zone, in the language's month names ("March 1, 2027"). */
  date(at: string | Date): string;
  /** The day and time (24-hour) in the shop's time zone, with its offset ("November 24, 2026 at 14:05 (UTC+07:00)"). */
  dateTime(at: string | Date): string;
  /** A plan's title from its length ("3 Months", "3 ខែ"). */
  plan(months: number): string;
}

export interface EmailTemplate<Props, T> {
  /** The template's words, one entry per language. */
  texts: Translations<T>;
  subject(props: Props, c: MailContext<T>): string;
  Component: ComponentType<{ p: NoInfer<Props>; c: MailContext<NoInfer<T>> }>;
  /** Sample props, one per variant the e-mail has: previews, and the tests that render every template in every language. */
  samples: NoInfer<Props>[];
}

/** A template whose texts are registered as `email:<name>` (the tests find every table). */
export function defineEmailTemplate<Props, T>(name: string, template: EmailTemplate<Props, T>): EmailTemplate<Props, T> {
  defineTranslations(`email:${name}`, template.texts);
  return template;
}

export function mailContext<T>(texts: Translations<T>, language: Language, timeZone: string): MailContext<T> {
  const common = textsIn(COMMON_TEXTS, language);
  return {
    language,
    timeZone,
    t: textsIn(texts, language),
    common,
    date: (at) => formatDate(at, language, timeZone),
    dateTime: (at) => common.zoned(formatDateTime(at, language, timeZone), utcOffset(at, timeZone)),
    plan: (months) => planTitle(months, language),
  };
}
