import { useCallback, useId, useState, type FormEvent } from "react";
import { WalletIcon } from "lucide-react";
import { toast } from "sonner";

import { formatMoney, formatPrice, parseDollars } from "../../../../contracts/money";
import {
  MAX_TOPUP_MILLS,
  MIN_TOPUP_MILLS,
  readTopupAmount,
  TOP_UP_TITLE,
  TOPUP_MESSAGES,
} from "../../../../contracts/orders";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { ordersApi } from "~/features/payments/api";
import { CheckoutDialog, type CheckoutDialogText } from "~/features/payments/checkout-dialog";
import { PAYMENT_PROVIDER_NAME } from "~/features/payments/providers";
import { api } from "~/lib/api";

/** The input's bounds as plain dollar text ("1.00", "10000.00"). */
const MIN_TOP_UP = formatMoney(MIN_TOPUP_MILLS, "price", { plain: true });
const MAX_TOP_UP = formatMoney(MAX_TOPUP_MILLS, "price", { plain: true });

/** The spec: the button is disabled below $1 (and with nothing typed). */
function belowMinimum(text: string): boolean {
  if (text.trim() === "") return true;
  const mills = parseDollars(text, { decimals: 3, allowNegative: true });
  return mills !== null && mills < MIN_TOPUP_MILLS;
}

const DIALOG_TEXT: CheckoutDialogText = {
  title: TOP_UP_TITLE,
  description: `Add money to your API key balance with ABA ${PAYMENT_PROVIDER_NAME}: KHQR, ABA Pay, Visa or Mastercard.`,
  summaryLabel: "Top-up summary",
  itemLabel: "Item",
  amountLabel: "Amount",
  emailLabel: "Email",
  emailHint: "The balance is added to the API key of this account.",
  emailLoading: "Loading your email…",
  emailMissing: "Your session has ended. Please sign in again.",
  emailError: "We could not read your account. Close this and try again.",
  acceptsLabel: "We accept",
  cancel: "Cancel",
  pay: "Pay",
  paying: `Opening ${PAYMENT_PROVIDER_NAME}…`,
};

async function sessionEmail() {
  return (await api.getMe())?.email ?? null;
}

const describeError = (message: string) => ({ title: TOPUP_MESSAGES.invalid, description: message });

export function TopUpCard() {
  const id = useId();
  const [amount, setAmount] = useState("");
  /** The amount being paid (mills) while the payment dialog is open. */
  const [paying, setPaying] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const enabled = !belowMinimum(amount);

  function submit(event: FormEvent) {
    event.preventDefault();
    // Read once: the mills are what the dialog shows and what the server gets.
    const checked = readTopupAmount(amount);
    if ("error" in checked) {
      toast.error(TOPUP_MESSAGES.invalid, { id: "top-up-invalid", description: checked.error });
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
          <h2>Top Up Balance</h2>
        </CardTitle>
        <CardDescription>Add money to your API key balance. Minimum $1.00.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grid flex-1 gap-2 sm:max-w-xs">
            <Label htmlFor={id}>Amount (USD)</Label>
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
            Top Up Now
          </Button>
        </form>
      </CardContent>
      <CheckoutDialog
        open={open}
        onOpenChange={setOpen}
        text={DIALOG_TEXT}
        item={TOP_UP_TITLE}
        amount={paying === null ? null : formatPrice(paying)}
        loadEmail={sessionEmail}
        request={request}
        describeError={describeError}
      />
    </Card>
  );
}
