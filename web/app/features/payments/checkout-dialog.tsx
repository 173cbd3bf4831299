import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { CircleAlertIcon, Loader2Icon, LockIcon } from "lucide-react";

import { formatMoney } from "../../../../contracts/money";
import { SITE } from "../../../../contracts/site";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { isApiError } from "~/lib/api";
import { isDiscountRefusal } from "~/lib/error-text";
import { cn } from "~/lib/utils";
import { DiscountCodeField, DiscountedAmount, DiscountLine, useDiscountCode, type DiscountTarget } from "~/features/discounts/discount-code";
import { GiftEmailField, giftText, refusesTheGift, useGiftEmail } from "~/features/gifts/gift-email";

import type { CheckoutResponse } from "./api";
import type { CheckoutOutcomeText } from "./outcome-text";
import { useCheckout, type CheckoutFailure } from "./use-checkout";
import { loadCheckoutProviderName } from "./provider-name";

/** Every text of the dialog, so the landing (English/Khmer) and the dashboard (English) share it. */
export type CheckoutDialogText = {
  title: string;
  description: string;
  summaryLabel: string;
  itemLabel: string;
  amountLabel: string;
  emailLabel: string;
  emailHint: string;
  emailLoading: string;
  /** Shown when there is no session any more. */
  emailMissing: string;
  emailError: string;
  acceptsLabel: string;
  cancel: string;
  pay: string;
  /** Pay's words for the price with a discount code applied (default: `pay`). */
  payFor?: (price: string) => string;
  paying: string;
};

/** What the checkout request carries besides what its page knows: the discount code applied, a gift's recipient (decision 079). */
export type CheckoutExtras = { discountCode?: string; giftEmail?: string };

export type CheckoutDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  text: CheckoutDialogText;
  /** What is bought ('3 Months', 'Balance Top Up'). */
  item: string;
  /** '$29.99'; null while unknown (Pay stays disabled). */
  amount: string | null;
  currency?: string;
  /** Reads the session's e-mail; called each time the dialog opens. Null: not signed in. */
  loadEmail: () => Promise<string | null>;
  /** Creates the order on the server (the signed form comes back), with the code applied if any. */
  request: (extras: CheckoutExtras) => Promise<CheckoutResponse>;
  /** A plan's checkout: the discount code field, priced for this plan (and e-mail). Absent: no field (a top-up). */
  discount?: DiscountTarget;
  /** A new plan bought signed in (the landing's): it may be a gift to another e-mail (decision 079). */
  gift?: boolean;
  describeError?: (message: string) => CheckoutFailure;
  /** The submit-failure description (the subscription pages word it differently). */
  failure?: string;
  /** What a declined or cancelled payment is called while the payment window is open (default English). */
  outcomeText?: CheckoutOutcomeText;
  /** How a payment window closed without paying is closed on the server (useCheckout; default "session"). */
  closeWith?: "session" | "receipt";
  className?: string;
  children?: ReactNode;
};

/** A refused discount code: said under its field, not in a toast. */
const refusesTheCode = (error: unknown) => isApiError(error) && isDiscountRefusal(error.code);
/** Refusals said at a field of the dialog (the discount code's, the gift's address). */
const saidAtField = (error: unknown) => refusesTheCode(error) || refusesTheGift(error);

type EmailState = { status: "loading" } | { status: "ready"; email: string } | { status: "missing" | "error" };

/**
 * The spec's payment dialog: the session e-mail loaded on open and shown read-only, the amount and
 * what it buys, Pay (disabled while the e-mail or amount is missing or anything is loading). Pay
 * creates the order, loads the provider's script, closes the dialog and opens its payment window.
 */
export function CheckoutDialog({
  open,
  onOpenChange,
  text,
  item,
  amount,
  currency = "USD",
  loadEmail,
  request,
  describeError,
  failure,
  outcomeText,
  closeWith,
  discount,
  gift: giftable = false,
  className,
  children,
}: CheckoutDialogProps) {
  const id = useId();
  const [email, setEmail] = useState<EmailState>({ status: "loading" });
  const { prepare, launch, preparing, refusal, clearRefusal } = useCheckout({ describeError, failure, outcomeText, closeWith, saidAtField });
  const code = useDiscountCode(discount);
  const gift = useGiftEmail(giftable);
  const quote = code.quote;
  const loadEmailRef = useRef(loadEmail);
  useEffect(() => {
    loadEmailRef.current = loadEmail;
  });

  // Which provider takes the payment, known before a failed checkout must name it (asked once).
  useEffect(() => {
    if (open) void loadCheckoutProviderName();
  }, [open]);

  // The session's e-mail, read again on every open.
  useEffect(() => {
    if (!open) return;
    let current = true;
    setEmail({ status: "loading" });
    clearRefusal();
    loadEmailRef
      .current()
      .then((value) => {
        if (current) setEmail(value ? { status: "ready", email: value } : { status: "missing" });
      })
      .catch((error: unknown) => {
        console.error("Could not read the session e-mail", error);
        if (current) setEmail({ status: "error" });
      });
    return () => {
      current = false;
    };
  }, [open, clearRefusal]);

  const launching = useRef(false);
  const canPay = email.status === "ready" && amount !== null && !preparing && !code.checking;

  async function pay() {
    if (!canPay) return;
    // A code typed but not applied: apply it first, so the price paid is the price shown.
    if (code.enabled && code.unapplied) {
      await code.apply();
      return;
    }
    const giftEmail = gift.check(email.status === "ready" ? email.email : "");
    if (giftEmail === false) return;
    const extras: CheckoutExtras = { ...(quote ? { discountCode: quote.code } : {}), ...(giftEmail ? { giftEmail } : {}) };
    const send = () =>
      request(extras).catch((error: unknown) => {
        if (refusesTheCode(error)) code.refuse((error as { code: string }).code);
        if (refusesTheGift(error)) gift.refuse(error);
        throw error;
      });
    if (await prepare(send)) {
      launching.current = true;
      onOpenChange(false);
    }
  }

  const emailValue = email.status === "ready" ? email.email : "";
  const emailNote =
    email.status === "missing" ? text.emailMissing : email.status === "error" ? text.emailError : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Not while the order is being created: the answer would open the payment window over nothing.
        if (!next && preparing) return;
        onOpenChange(next);
      }}
    >
      <DialogContent
        className={cn("gap-5 sm:max-w-md", className)}
        onCloseAutoFocus={(event) => {
          // Closed for the payment window: it takes the focus, not the button that opened us.
          if (launching.current) {
            launching.current = false;
            event.preventDefault();
            launch();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle className="text-xl font-semibold tracking-tight">{text.title}</DialogTitle>
          <DialogDescription>{text.description}</DialogDescription>
        </DialogHeader>

        <form
          id={`${id}-form`}
          className="grid gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            void pay();
          }}
        >
          <section aria-label={text.summaryLabel} className="rounded-lg border bg-muted/40 px-4 py-3">
            <dl className="grid grid-cols-[auto_minmax(min-content,1fr)] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">{text.itemLabel}</dt>
              <dd className="text-right font-medium" data-testid="checkout-item">
                {item}
              </dd>
              <dt className="text-muted-foreground">{text.amountLabel}</dt>
              <dd className="text-right text-base font-semibold tabular-nums" data-testid="checkout-amount">
                {quote ? <DiscountedAmount quote={quote} /> : (amount ?? "—")} <span className="text-xs font-medium text-muted-foreground">{currency}</span>
              </dd>
              {quote ? <DiscountLine quote={quote} /> : null}
            </dl>
          </section>

          <div className="grid gap-2">
            <Label htmlFor={`${id}-email`}>{text.emailLabel}</Label>
            <div className="relative">
              <Input
                id={`${id}-email`}
                type="email"
                readOnly
                value={emailValue}
                placeholder={email.status === "loading" ? text.emailLoading : ""}
                aria-busy={email.status === "loading" || undefined}
                aria-invalid={emailNote ? true : undefined}
                aria-describedby={`${id}-email-hint`}
                className="bg-muted/40 pr-9 dark:bg-input/20"
              />
              {email.status === "loading" ? (
                <Loader2Icon
                  className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
                  aria-hidden="true"
                />
              ) : null}
            </div>
            <p
              id={`${id}-email-hint`}
              className={cn("text-xs", emailNote ? "text-destructive" : "text-muted-foreground")}
              role={emailNote ? "alert" : undefined}
            >
              {emailNote ?? (gift.on ? giftText("payerHint") : text.emailHint)}
            </p>
          </div>

          {children}

          <GiftEmailField state={gift} />

          <DiscountCodeField state={code} />

          {refusal ? (
            <p role="alert" data-testid="checkout-refusal" className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/5 px-3.5 py-3 text-sm text-destructive">
              <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                <span className="font-medium">{refusal.title}</span> {refusal.description}
              </span>
            </p>
          ) : null}

          <div className="grid gap-2">
            <p className="text-xs font-medium text-muted-foreground">{text.acceptsLabel}</p>
            <ul className="flex flex-wrap gap-2" aria-label={text.acceptsLabel}>
              {SITE.paymentMethods.map((method) => (
                <li key={method.id}>
                  <img
                    src={method.logo}
                    alt={method.name}
                    width={48}
                    height={30}
                    decoding="async"
                    className="h-[30px] w-12 rounded-md border border-black/10 bg-white shadow-xs"
                  />
                </li>
              ))}
            </ul>
          </div>
        </form>

        <DialogFooter className="gap-2">
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={preparing}>
              {text.cancel}
            </Button>
          </DialogClose>
          <Button type="submit" form={`${id}-form`} disabled={!canPay} aria-busy={preparing || undefined}>
            {preparing ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <LockIcon aria-hidden="true" />
            )}
            {preparing ? text.paying : quote && text.payFor ? text.payFor(formatMoney(quote.amountMills)) : text.pay}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
