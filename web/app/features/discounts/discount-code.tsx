// The discount code at a checkout (decision 077): a "Have a discount code?" link that opens the
// field, Apply asks the server what the code takes off the chosen plan (a quote), and the payment
// dialog shows the old price struck through, the discount and the new price. A refusal (expired,
// used up, not for this plan…) is said under the field in the reader's language, as is one the
// checkout itself answers. No zod and no toasts here: this comes with the landing's checkout.
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Loader2Icon, TagIcon, XIcon } from "lucide-react";

import { formatMoney } from "../../../../contracts/money";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { isApiError } from "~/lib/api";
import { discountRefusalText, isDiscountRefusal } from "~/lib/error-text";
import { WrittenText } from "~/components/written-text";
import { registerNamespace, Trans, useTranslation } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import enDiscount from "~/locales/en/discount.json";

import { discountsApi, type DiscountQuote } from "./api";

registerNamespace("discount", { en: enDiscount });

/** What a code is priced against: the plan chosen (null: none yet) and, without an account, the buyer's e-mail. */
export type DiscountTarget = { planId: string | null };

/** Why a code was refused: the error table's code (DISCOUNT_*), or one of the field's own texts. */
type Refusal = { code: string } | { key: "empty" | "format" | "failed" };

function refusalOf(error: unknown): Refusal {
  if (isApiError(error) && isDiscountRefusal(error.code)) return { code: error.code };
  if (isApiError(error) && error.code === "VALIDATION_FAILED") return { key: "format" };
  return { key: "failed" };
}

/** The field's state, kept by the payment dialog: what was typed, the quote applied, a refusal. */
export function useDiscountCode(target: DiscountTarget | undefined) {
  const planId = target?.planId ?? null;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [checking, setChecking] = useState(false);
  const [quote, setQuote] = useState<DiscountQuote | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // Only the last question counts (a plan changed while a quote was on its way).
  const ticket = useRef(0);

  const apply = useCallback(
    async (typed: string): Promise<boolean> => {
      const code = typed.trim().toUpperCase();
      const mine = ++ticket.current;
      if (!code) {
        setRefusal({ key: "empty" });
        return false;
      }
      if (!planId) return false;
      setChecking(true);
      setRefusal(null);
      try {
        const answer = await discountsApi.quote({ code, planId });
        if (mine !== ticket.current) return false;
        setQuote(answer);
        setText(answer.code);
        return true;
      } catch (error) {
        if (mine !== ticket.current) return false;
        setQuote(null);
        setRefusal(refusalOf(error));
        return false;
      } finally {
        if (mine === ticket.current) setChecking(false);
      }
    },
    [planId],
  );

  // Another plan chosen with a code applied: the code is priced again for it.
  const appliedCode = quote?.code ?? null;
  const pricedFor = useRef(planId);
  useEffect(() => {
    const key = planId;
    if (key === pricedFor.current) return;
    pricedFor.current = key;
    if (appliedCode) void apply(appliedCode);
  }, [planId, appliedCode, apply]);

  const remove = useCallback(() => {
    ticket.current += 1;
    setQuote(null);
    setText("");
    setRefusal(null);
    setChecking(false);
    requestAnimationFrame(() => inputRef.current?.focus());
  }, []);

  /** The checkout refused the code it was sent (DISCOUNT_*): said at the field, the old price back. */
  const refuse = useCallback((code: string) => {
    ticket.current += 1;
    setQuote(null);
    setOpen(true);
    setRefusal({ code });
  }, []);

  return {
    enabled: target !== undefined,
    open: open || quote !== null || refusal !== null,
    expand: () => {
      setOpen(true);
      requestAnimationFrame(() => inputRef.current?.focus());
    },
    text,
    setText: (value: string) => {
      setText(value);
      if (refusal) setRefusal(null);
    },
    checking,
    quote: quote && quote.planId === planId ? quote : null,
    refusal,
    inputRef,
    apply: () => apply(text),
    remove,
    refuse,
    /** A code typed but not applied yet: Pay applies it first, so the price paid is the one shown. */
    unapplied: text.trim() !== "" && quote === null,
  };
}

export type DiscountCodeState = ReturnType<typeof useDiscountCode>;

/** The link button, then the field with Apply (or the applied code with Remove) and its message. */
export function DiscountCodeField({ state }: { state: DiscountCodeState }) {
  const { t } = useTranslation("discount");
  const id = useId();
  if (!state.enabled) return null;
  if (!state.open) {
    return (
      <div>
        <Button type="button" variant="link" className="h-auto px-0 py-0" aria-expanded={false} onClick={state.expand}>
          <TagIcon aria-hidden="true" />
          {t("toggle")}
        </Button>
      </div>
    );
  }
  const { quote, refusal } = state;
  const message = refusal ? ("code" in refusal ? discountRefusalText(refusal.code) : t(refusal.key)) : null;
  return (
    <div className="grid gap-2" data-testid="discount-code">
      <Label htmlFor={`${id}-code`}>{t("label")}</Label>
      <div className="flex gap-2">
        <Input
          ref={state.inputRef}
          id={`${id}-code`}
          value={state.text}
          onChange={(e) => state.setText(e.target.value)}
          readOnly={quote !== null}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          placeholder={t("placeholder")}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-message`}
          className={cn("uppercase placeholder:normal-case", quote ? "bg-muted/40 dark:bg-input/20" : undefined)}
        />
        {quote ? (
          <Button type="button" variant="outline" onClick={state.remove} aria-label={t("removeLabel", { code: quote.code })}>
            <XIcon aria-hidden="true" />
            {t("remove")}
          </Button>
        ) : (
          <Button type="button" variant="outline" onClick={() => void state.apply()} disabled={state.checking} aria-busy={state.checking || undefined}>
            {state.checking ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {state.checking ? t("applying") : t("apply")}
          </Button>
        )}
      </div>
      <p
        id={`${id}-message`}
        role={message ? "alert" : quote ? "status" : undefined}
        className={cn("text-xs", message ? "text-destructive" : quote ? "font-medium text-brand-text" : "text-muted-foreground")}
      >
        {message ?? (quote ? <Trans t={t} i18nKey="applied" values={{ code: quote.code, discount: formatMoney(quote.discountMills) }} components={{ code: <WrittenText className="whitespace-nowrap" /> }} /> : t("hint"))}
      </p>
    </div>
  );
}

/** The summary's amount with a code applied: the old price struck through and the new one. */
export function DiscountedAmount({ quote }: { quote: DiscountQuote }) {
  const { t } = useTranslation("discount");
  return (
    <>
      {/* Each price whole on its line: a narrow phone with a long Khmer label wraps between them, never inside one. */}
      <del className="mr-1.5 inline-block text-sm font-normal whitespace-nowrap text-muted-foreground">
        <span className="sr-only">{t("summary.was")} </span>
        {formatMoney(quote.priceMills)}
      </del>
      <ins className="inline-block whitespace-nowrap no-underline">
        <span className="sr-only">{t("summary.now")} </span>
        {formatMoney(quote.amountMills)}
      </ins>
    </>
  );
}

/** The summary's discount line (a term and its value, for the summary's list). */
export function DiscountLine({ quote }: { quote: DiscountQuote }) {
  const { t } = useTranslation("discount");
  return (
    <>
      <dt className="text-muted-foreground">
        <Trans t={t} i18nKey="summary.discount" values={{ code: quote.code }} components={{ code: <WrittenText className="whitespace-nowrap" /> }} />
      </dt>
      <dd className="text-right font-medium whitespace-nowrap text-brand-text tabular-nums" data-testid="checkout-discount">
        −{formatMoney(quote.discountMills)}
      </dd>
    </>
  );
}
