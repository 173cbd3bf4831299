import { useCallback, useId, useState, type FormEvent } from "react";
import { WalletIcon } from "lucide-react";
import { toast } from "sonner";

import {
  MAX_TOPUP_MILLS,
  MIN_TOPUP_MILLS,
  parseTopupAmount,
  TOP_UP_TITLE,
  TOPUP_MESSAGES,
} from "../../../../contracts/orders";
import { formatPrice } from "../../../../contracts/plan-catalogue";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { ordersApi } from "~/features/payments/api";
import { CheckoutDialog, type CheckoutDialogText } from "~/features/payments/checkout-dialog";
import { PAYMENT_PROVIDER_NAME } from "~/features/payments/providers";
import { api } from "~/lib/api";

export const MIN_TOP_UP_DOLLARS = MIN_TOPUP_MILLS / 1000;

/** The amount in mills, or the spec's message saying why it is refused. */
export function checkTopUp(text: string): { mills: number } | { error: string } {
  const mills = parseTopupAmount(text);
  if (mills === null) return { error: Number(text) < MIN_TOP_UP_DOLLARS ? TOPUP_MESSAGES.min : TOPUP_MESSAGES.invalid };
  if (mills < MIN_TOPUP_MILLS) return { error: TOPUP_MESSAGES.min };
  if (mills > MAX_TOPUP_MILLS) return { error: TOPUP_MESSAGES.max };
  return { mills };
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
  const numeric = Number(amount);
  const enabled = amount.trim() !== "" && Number.isFinite(numeric) && numeric >= MIN_TOP_UP_DOLLARS;

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkTopUp(amount);
    if ("error" in checked) {
      toast.error(TOPUP_MESSAGES.invalid, { id: "top-up-invalid", description: checked.error });
      return;
    }
    setPaying(checked.mills);
    setOpen(true);
  }

  const request = useCallback(() => {
    if (paying === null) return Promise.reject(new Error("No amount"));
    return ordersApi.checkout({ kind: "topup", amount: formatPrice(paying).slice(1), returnTo: "profile" });
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
              min={MIN_TOP_UP_DOLLARS}
              max={MAX_TOPUP_MILLS / 1000}
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
