// What a Kopeechka activation's letter answers (decision 056). Kopeechka lets a bot name, per
// activation, a word the subject must hold (`subject=`: other letters are "NOT given out") and a
// regular expression whose match is the answer (`regex=`: a confirmation link, say) instead of the
// code. The bot's regex runs here, on our server, so it runs in a VM context with a time limit: a
// pattern that backtracks for ever is stopped and simply does not match.
import vm from "node:vm";
import { and, eq } from "drizzle-orm";
import type { OtpMessage } from "../../../contracts/otp-mail";
import type { Db } from "../../db/client";
import { kopeechkaFilters, otpMailOrders } from "../../db/schema";

export interface KopeechkaFilter {
  regex: string | null;
  subject: string | null;
}

/** A longer pattern is not run (it does not match); a longer letter is searched in its first part. */
const MAX_PATTERN = 2000;
const MAX_INPUT = 200_000;
/** How long one bot's regex may hold the event loop. */
const REGEX_TIMEOUT_MS = 50;

/** One context for every match: creating one costs about a millisecond. */
const context = vm.createContext({ pattern: "", input: "", found: null as string | null });
const script = new vm.Script(`found = null; { const m = new RegExp(pattern).exec(input); if (m) found = m.length > 1 && m[1] !== undefined ? m[1] : m[0]; }`);

/**
 * The first group of the bot's regex in `input` (the whole match when it has no group), or null when
 * it does not match, is not a valid pattern, or runs past the time limit. Kopeechka's bots write
 * Python/PCRE patterns: `(?P<name>…)` is read as JavaScript's `(?<name>…)`. Several sites' patterns
 * joined by `|,|` (one per site) are one site here: the first is used.
 */
export function matchKopeechkaRegex(pattern: string, input: string): string | null {
  const first = pattern.split("|,|")[0]!.replace(/\(\?P</g, "(?<");
  if (!first || first.length > MAX_PATTERN) return null;
  context.pattern = first;
  context.input = input.slice(0, MAX_INPUT);
  try {
    script.runInContext(context, { timeout: REGEX_TIMEOUT_MS });
    return typeof context.found === "string" ? context.found : null;
  } catch {
    return null; // not a pattern JavaScript reads, or it ran too long
  } finally {
    context.input = "";
  }
}

/** The letter as Kopeechka's `fullmessage` gives it: its HTML (sanitised when stored), else its text. */
export const fullMessage = (letter: Pick<OtpMessage, "html" | "text">) => letter.html ?? letter.text;

/** `&amp;` and friends as a link in HTML writes them: a bot gets the URL it can open. */
const decodeEntities = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" })[e] ?? _);

/** The regex's answer in a letter: its text first (links as written), then its HTML, then its subject. */
export function regexAnswer(pattern: string, letter: Pick<OtpMessage, "subject" | "text" | "html">): string | null {
  const inText = letter.text ? matchKopeechkaRegex(pattern, letter.text) : null;
  if (inText !== null) return inText;
  const inHtml = letter.html ? matchKopeechkaRegex(pattern, letter.html) : null;
  if (inHtml !== null) return decodeEntities(inHtml);
  return matchKopeechkaRegex(pattern, letter.subject);
}

/** Kopeechka's subject word: "one word is enough", and a letter without it is not given out (any case). */
export const subjectHolds = (subject: string, word: string | null) => !word || subject.toLowerCase().includes(word.toLowerCase());

/** The filter an activation was bought with; none for most (no row). */
export async function readKopeechkaFilter(db: Db, orderId: string): Promise<KopeechkaFilter | null> {
  const [row] = await db.select({ regex: kopeechkaFilters.regex, subject: kopeechkaFilters.subject }).from(kopeechkaFilters).where(eq(kopeechkaFilters.orderId, orderId));
  return row ?? null;
}

/** Keeps what a bot asked of a new activation (nothing when it asked nothing). */
export async function saveKopeechkaFilter(db: Db, orderId: string, filter: KopeechkaFilter): Promise<void> {
  if (!filter.regex && !filter.subject) return;
  await db.insert(kopeechkaFilters).values({ orderId, regex: filter.regex || null, subject: filter.subject || null }).onConflictDoNothing();
}

/**
 * A filtered activation whose letter the bot has just been given is delivered: it is settled like
 * one that got a code (kept, never refunded at expiry), even when the letter holds no code of ours
 * (a link). The money moved at purchase; this only ends the wait.
 */
export async function settleDelivered(db: Db, orderId: string): Promise<void> {
  await db
    .update(otpMailOrders)
    .set({ status: "success", completedAt: new Date() })
    .where(and(eq(otpMailOrders.id, orderId), eq(otpMailOrders.status, "pending")));
}
