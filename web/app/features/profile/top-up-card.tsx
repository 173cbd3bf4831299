import { Suspense, useCallback, useId, useState, type FormEvent } from "react";
import { WalletIcon } from "lucide-react";
import { toast } from "~/lib/toast";

import { formatMoney, parseDollars } from "../../../../contracts/money";
import { MAX_TOPUP_MILLS, MIN_TOPUP_MILLS, readTopupAmount } from "../../../../contracts/order-rules";
import { fieldMessage } from "~/components/data-table/copy";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { ordersApi } from "~/features/payments/api";
import type { CheckoutDialogText } from "~/features/payments/checkout-dialog";
import { useCheckoutProviderName } from "~/features/payments/provider-name";
import { api } from "~/lib/api";
import type { TFunction } from "~/lib/i18n";
import { lazyNamed, useOpenedOnce } from "~/lib/lazy-component";

import { PROFILE_FIELD_MESSAGES, useProfileCopy } from "./copy";

// The payment dialog (Radix's dialog, the checkout's polling) loads when Top Up is first pressed:
// on a phone this card is near enough to load with /profile (issue #28 item 5).
const CheckoutDialog = lazyNamed(() => import("~/features/payments/checkout-dialog"), "CheckoutDialog");

/** The input's bounds as plain dollar text ("1.00", "10000.00"). */
const MIN_TOP_UP = formatMoney(MIN_TOPUP_MILLS, { plain: true });
const MAX_TOP_UP = formatMoney(MAX_TOPUP_MILLS, { plain: true });

/** The spec: the button is disabled below $1 (and with nothing typed). */
function belowMinimum(text: string): boolean {
  if (text.trim() === "") return true;
  const mills = parseDollars(text, { decimals: 3, allowNegative: true });
  return mills !== null && mills < MIN_TOPUP_MILLS;
}

/** The payment dialog's words in the reader's language (the spec's title 'Balance Top Up'). */
function dialogText(t: TFunction, price: string | null, provider: string): CheckoutDialogText {
  return {
    title: t("topUp.dialog.title"),
    description: t("topUp.dialog.description", { provider }),
    summaryLabel: t("topUp.dialog.summary"),
    itemLabel: t("topUp.dialog.item"),
    amountLabel: t("topUp.dialog.amount"),
    emailLabel: t("topUp.dialog.email"),
    emailHint: t("topUp.dialog.emailHint"),
    emailLoading: t("topUp.dialog.emailLoading"),
    emailMissing: t("topUp.dialog.emailMissing"),
    emailError: t("topUp.dialog.emailError"),
    acceptsLabel: t("topUp.dialog.accepts"),
    cancel: t("topUp.dialog.cancel"),
    // "Pay $10.00", as the plan dialog says "Pay $9.99" (#29 item 8).
    pay: price ? t("topUp.dialog.pay", { price }) : t("topUp.dialog.payNoPrice"),
    paying: t("topUp.dialog.paying", { provider }),
  };
}

async function sessionEmail() {
  return (await api.getMe())?.email ?? null;
}

export function TopUpCard() {
  const { t } = useProfileCopy();
  const id = useId();
  const [amount, setAmount] = useState("");
  /** The amount being paid (mills) while the payment dialog is open. */
  const [paying, setPaying] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const dialogUsed = useOpenedOnce(open);
  const provider = useCheckoutProviderName();
  const enabled = !belowMinimum(amount);
  // A refused amount (the server's words for it, in the reader's language).
  const describeError = useCallback(
    (message: string) => ({ title: t("topUp.invalid"), description: fieldMessage(t, message, PROFILE_FIELD_MESSAGES) ?? message }),
    [t],
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    // Read once: the mills are what the dialog shows and what the server gets.
    const checked = readTopupAmount(amount);
    if ("error" in checked) {
      toast.error(t("topUp.invalid"), { id: "top-up-invalid", description: fieldMessage(t, checked.error, PROFILE_FIELD_MESSAGES) });
      return;
    }
    setPaying(checked.mills);
    setOpen(true);
  }

  const request = useCallback(() => {
    if (paying === null) return Promise.reject(new Error("No amount"));
    return ordersApi.checkout({ kind: "topup", amountMills: paying, returnTo: "profile" });
  }, [paying]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("topUp.title")}</h2>
        </CardTitle>
        <CardDescription>{t("topUp.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grid flex-1 gap-2 sm:max-w-xs">
            <Label htmlFor={id}>{t("topUp.amount")}</Label>
            <Input
              id={id}
              type="number"
              inputMode="decimal"
              min={MIN_TOP_UP}
              max={MAX_TOP_UP}
              step={0.01}
              placeholder="10.00"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={!enabled}>
            <WalletIcon aria-hidden="true" />
            {t("topUp.submit")}
          </Button>
        </form>
      </CardContent>
      {dialogUsed ? (
        <Suspense fallback={null}>
          <CheckoutDialog
            open={open}
            onOpenChange={setOpen}
            text={dialogText(t, paying === null ? null : formatMoney(paying), provider)}
            item={t("topUp.dialog.title")}
            amount={paying === null ? null : formatMoney(paying)}
            loadEmail={sessionEmail}
            request={request}
            describeError={describeError}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
