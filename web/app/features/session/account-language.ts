// The account's language (issue #27, decision 042): read from GET /api/me, saved with
// PATCH /api/profile, so e-mails, receipts and reminders go out in it. A signed-in dashboard
// follows it over the browser's remembered choice.
import { useEffect, useRef } from "react";

import { client, unwrap, type CurrentUser } from "~/lib/api";
import i18n, { isLanguage, setLanguage, type Language } from "~/lib/i18n";

/** The language saved on the account, or null when the server names none. */
export function accountLanguage(user: CurrentUser | null | undefined): Language | null {
  const value: unknown = user ? (user as { language?: unknown }).language : undefined;
  return isLanguage(value) ? value : null;
}

/** Saves the account's language: PATCH /api/profile { language }. */
export function saveAccountLanguage(language: Language) {
  return unwrap(client.PATCH("/api/profile", { body: { language } }));
}

/**
 * The account's language wins over this browser's remembered choice, once per signed-in user: the
 * page switches to it (and remembers it here). A choice made afterwards in the header is saved on
 * the account, so it is not undone.
 */
export function useAccountLanguage(user: CurrentUser | null | undefined) {
  const adoptedFor = useRef<string | null>(null);
  const language = accountLanguage(user);
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!userId || !language || adoptedFor.current === userId) return;
    adoptedFor.current = userId;
    if (language !== i18n.language) void setLanguage(language);
  }, [userId, language]);
}
