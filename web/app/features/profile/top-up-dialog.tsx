// The top-up's payment: the dialog (Radix's dialog, the checkout's polling), the checkout request and
// the provider's name. Loads when the amount field is focused or Top Up is pointed at or pressed,
// not with the card (issue #28 item 5): the card is near enough to /profile's first screen on a
// phone to load with the page.
import { useCallback } from "react";

import { formatMoney } from "../../../../contracts/money";
import { ordersApi } from "~/features/payments/api";
import { CheckoutDialog, type CheckoutDialogText } from "~/features/payments/checkout-dialog";
import type { CheckoutFailure } from "~/features/payments/use-checkout";
import { useCheckoutProviderName } from "~/features/payments/provider-name";
import { api } from "~/lib/api";
import type { TFunction } from "~/lib/i18n";

import { useProfileCopy } from "./copy";

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

export function TopUpDialog({
  open,
  onOpenChange,
  paying,
  describeError,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The amount being paid (mills) while the dialog is open. */
  paying: number | null;
  describeError: (message: string) => CheckoutFailure;
}) {
  const { t } = useProfileCopy();
  const provider = useCheckoutProviderName();
  const request = useCallback(() => {
    if (paying === null) return Promise.reject(new Error("No amount"));
    return ordersApi.checkout({ kind: "topup", amountMills: paying, returnTo: "profile" });
  }, [paying]);
  const price = paying === null ? null : formatMoney(paying);
  return (
    <CheckoutDialog
      open={open}
      onOpenChange={onOpenChange}
      text={dialogText(t, price, provider)}
      item={t("topUp.dialog.title")}
      amount={price}
      loadEmail={sessionEmail}
      request={request}
      describeError={describeError}
    />
  );
}
