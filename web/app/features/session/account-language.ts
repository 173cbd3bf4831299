// The account's language (issue #27): read from GET /api/me, saved with PATCH /api/profile, so
// e-mails, receipts and reminders go out in it. A signed-in dashboard follows it over the
// browser's remembered choice (decision 042).
import { client, unwrap, type CurrentUser } from "~/lib/api";
import { isLanguage, type Language } from "~/lib/i18n";

/** The language saved on the account, or null when the server names none. */
export function accountLanguage(user: CurrentUser | null | undefined): Language | null {
  const value: unknown = user ? (user as { language?: unknown }).language : undefined;
  return isLanguage(value) ? value : null;
}

/** Saves the account's language: PATCH /api/profile { language }. */
export function saveAccountLanguage(language: Language) {
  return unwrap(client.PATCH("/api/profile", { body: { language } }));
}
