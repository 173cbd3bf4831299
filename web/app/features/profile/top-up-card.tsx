import { Suspense, useCallback, useId, useState, type FormEvent } from "react";
import { WalletIcon } from "lucide-react";
import { toast } from "~/lib/toast";

import { formatMoney, parseDollars } from "../../../../contracts/money";
import { MAX_TOPUP_MILLS, MIN_TOPUP_MILLS, readTopupAmount } from "../../../../contracts/order-rules";
import { fieldMessage } from "~/components/data-table/field-message";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { lazyNamed, useOpenedOnce } from "~/lib/lazy-component";

import { PROFILE_FIELD_MESSAGES, useProfileCopy } from "./copy";

// The payment (its dialog, the checkout request, the provider's name) loads when the amount field is
// focused or Top Up is pointed at or pressed: on a phone this card is near enough to load with
// /profile (issue #28 item 5).
const loadTopUpDialog = () => import("./top-up-dialog");
const TopUpDialog = lazyNamed(loadTopUpDialog, "TopUpDialog");
const prefetchTopUpDialog = () => void loadTopUpDialog();

/** The input's bounds as plain dollar text ("1.00", "10000.00"). */
const MIN_TOP_UP = formatMoney(MIN_TOPUP_MILLS, { plain: true });
const MAX_TOP_UP = formatMoney(MAX_TOPUP_MILLS, { plain: true });

/** The spec: the button is disabled below $1 (and with nothing typed). */
function belowMinimum(text: string): boolean {
  if (text.trim() === "") return true;
  const mills = parseDollars(text, { decimals: 3, allowNegative: true });
  return mills !== null && mills < MIN_TOPUP_MILLS;
}

export function TopUpCard() {
  const { t } = useProfileCopy();
  const id = useId();
  const [amount, setAmount] = useState("");
  /** The amount being paid (mills) while the payment dialog is open. */
  const [paying, setPaying] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const dialogUsed = useOpenedOnce(open);
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
              onFocus={prefetchTopUpDialog}
            />
          </div>
          <Button type="submit" disabled={!enabled} onPointerEnter={prefetchTopUpDialog}>
            <WalletIcon aria-hidden="true" />
            {t("topUp.submit")}
          </Button>
        </form>
      </CardContent>
      {dialogUsed ? (
        <Suspense fallback={null}>
          <TopUpDialog open={open} onOpenChange={setOpen} paying={paying} describeError={describeError} />
        </Suspense>
      ) : null}
    </Card>
  );
}
