// A gift at a plan checkout (decision 079): a "Buy as a gift" checkbox that reveals the
// recipient's e-mail. The recipient gets the licence and its key, the payer the receipt. The field
// checks the address before Pay (empty, not an address, the payer's own) and says the server's
// refusal (GIFT_TO_SELF, a malformed address) under itself. No zod and no toasts here: this comes
// with the landing's checkout.
import { useCallback, useId, useRef, useState } from "react";

import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { isApiError } from "~/lib/api";
import { looksLikeEmail } from "~/lib/email-address";
import { registerNamespace, translatorFor, useTranslation } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import enGift from "~/locales/en/gift.json";

registerNamespace("gift", { en: enGift });

/** The namespace's t() in the language current at the call (the payment dialog's payer hint while a gift is on). */
export const giftText = translatorFor("gift");

/** The server's limit (contracts/orders.ts GiftEmailSchema). */
const MAX_EMAIL = 254;

type Problem = "empty" | "invalid" | "self";

/** Whether the checkout's refusal is about the gift's address (said at the field, not in a toast). */
export function refusesTheGift(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.code === "GIFT_TO_SELF" || (error.code === "VALIDATION_FAILED" && (error.issues ?? []).some((i) => i.path === "giftEmail"));
}

/** The field's state, kept by the payment dialog. `enabled`: a plan checkout that may be a gift. */
export function useGiftEmail(enabled: boolean) {
  const [on, setOn] = useState(false);
  const [email, setEmailText] = useState("");
  const [problem, setProblem] = useState<Problem | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const toggle = useCallback((next: boolean) => {
    setOn(next);
    setProblem(null);
    if (next) requestAnimationFrame(() => inputRef.current?.focus());
  }, []);

  /**
   * What the checkout sends: `undefined` when it is not a gift, the address (trimmed, lower case)
   * when it is, `false` when the field refuses it (said under it, focused).
   */
  const check = useCallback(
    (payerEmail: string): string | undefined | false => {
      if (!enabled || !on) return undefined;
      const address = email.trim().toLowerCase();
      const found: Problem | null = !address ? "empty" : address.length > MAX_EMAIL || !looksLikeEmail(address) ? "invalid" : address === payerEmail.trim().toLowerCase() ? "self" : null;
      setProblem(found);
      if (found) {
        inputRef.current?.focus();
        return false;
      }
      return address;
    },
    [enabled, on, email],
  );

  /** The checkout refused the address it was sent: said at the field. */
  const refuse = useCallback((error: unknown) => {
    setOn(true);
    setProblem(isApiError(error) && error.code === "GIFT_TO_SELF" ? "self" : "invalid");
    requestAnimationFrame(() => inputRef.current?.focus());
  }, []);

  return {
    enabled,
    on: enabled && on,
    email,
    setEmail: (value: string) => {
      setEmailText(value);
      if (problem) setProblem(null);
    },
    problem,
    inputRef,
    toggle,
    check,
    refuse,
  };
}

export type GiftEmailState = ReturnType<typeof useGiftEmail>;

/** The checkbox, then (checked) the recipient's e-mail with its hint or what is wrong with it. */
export function GiftEmailField({ state }: { state: GiftEmailState }) {
  const { t } = useTranslation("gift");
  const id = useId();
  if (!state.enabled) return null;
  const message = state.problem ? t(state.problem) : null;
  return (
    <div className="grid gap-2" data-testid="gift-email">
      <div className="flex items-start gap-2">
        <input
          id={`${id}-toggle`}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          checked={state.on}
          onChange={(e) => state.toggle(e.target.checked)}
          aria-describedby={`${id}-toggle-hint`}
          aria-expanded={state.on}
          aria-controls={`${id}-fields`}
        />
        <div className="grid gap-0.5">
          <Label htmlFor={`${id}-toggle`}>{t("toggle")}</Label>
          <p id={`${id}-toggle-hint`} className="text-xs text-muted-foreground">
            {t("toggleHint")}
          </p>
        </div>
      </div>
      <div id={`${id}-fields`} className="grid gap-2" hidden={!state.on}>
        {state.on ? (
          <>
            <Label htmlFor={`${id}-email`}>{t("label")}</Label>
            <Input
              ref={state.inputRef}
              id={`${id}-email`}
              // Text, not type=email: the field says what is wrong in the reader's language, not the browser's bubble.
              type="text"
              inputMode="email"
              autoComplete="off"
              spellCheck={false}
              maxLength={MAX_EMAIL + 20}
              value={state.email}
              onChange={(e) => state.setEmail(e.target.value)}
              placeholder={t("placeholder")}
              aria-invalid={message ? true : undefined}
              aria-describedby={`${id}-message`}
            />
            <p id={`${id}-message`} role={message ? "alert" : undefined} className={cn("text-xs", message ? "text-destructive" : "text-muted-foreground")}>
              {message ?? t("hint")}
            </p>
          </>
        ) : null}
      </div>
    </div>
  );
}
