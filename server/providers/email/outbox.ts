// Queues an e-mail in the outbox. Takes a transaction so the e-mail commits or rolls back
// together with whatever caused it (a paid order, a sign-up); the worker sends it afterwards.
// It is written here, once, in the recipient's language (decision 040): the account's with this
// address, else the caller's fallback (an order's language, the page's), else English; its dates
// in the shop's time zone.
import { desc, eq, sql } from "drizzle-orm";
import { isLanguage, languageOr, type Language } from "../../../contracts/languages";
import type { Db, Tx } from "../../db/client";
import { emailOutbox, orders, user } from "../../db/schema";
import { renderEmail, type EmailTemplateInput } from "./render";

/** An e-mail and its recipient; the language is looked up here unless given. */
export type EmailToQueue = EmailTemplateInput & {
  to: string;
  headers?: Record<string, string>;
  /** The language, when the caller has already chosen it (recipientLanguage); otherwise it is looked up here. */
  language?: Language;
  /** For an address without an account: the order's language, or the page's (the ks_lang cookie). */
  fallbackLanguage?: string | null;
};

export type EnqueueEmailInput = EmailToQueue & {
  /** The shop's time zone (config.shopTimeZone): the dates in the e-mail are in it. */
  timeZone: string;
};

/**
 * Whom an e-mail is written for: the language of the account with this address; without one,
 * `fallback` (the order's language, the page's), else the language of the address's latest order,
 * else English.
 */
export async function recipientLanguage(db: Db | Tx, email: string, fallback?: string | null): Promise<Language> {
  const address = email.trim().toLowerCase();
  const [account] = await db.select({ language: user.language }).from(user).where(eq(user.email, address)).limit(1);
  if (account) return languageOr(account.language);
  if (isLanguage(fallback)) return fallback;
  const [order] = await db
    .select({ locale: orders.locale })
    .from(orders)
    .where(sql`lower(${orders.email}) = ${address}`)
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return languageOr(order?.locale);
}

export async function enqueueEmail(db: Db | Tx, input: EnqueueEmailInput): Promise<string> {
  const language = input.language ?? (await recipientLanguage(db, input.to, input.fallbackLanguage));
  const { subject, html, text } = await renderEmail(input, { language, timeZone: input.timeZone });
  const [row] = await db
    .insert(emailOutbox)
    .values({ toAddress: input.to.trim(), subject, html, text, template: input.template, headers: input.headers ?? null })
    .returning({ id: emailOutbox.id });
  return row.id;
}
