import { useMemo, useState } from "react";
import { ExternalLinkIcon, MailCheckIcon } from "lucide-react";

import { Button } from "~/components/ui/button";
import {
  announcePayment,
  openDeepLink,
  paymentDeepLink,
  takeToolCheckout,
  type PaidPayment,
} from "~/features/payments-return/payment-return";
import { itemTitle } from "~/features/payments/item-title";
import { PaymentSuccessDialog } from "~/features/payments-return/payment-success-dialog";
import { showStatusToast, showSuccessToast, usePaymentReturn } from "~/features/payments-return/use-payment-return";
import type { PaymentReturnText } from "~/features/payments-return/texts";
import { verifyReturn } from "~/features/payments-return/verify-return";
import { useTranslation } from "~/lib/i18n";

export const TOOL_SOURCE = "subscription_tool";

/**
 * A return from paying onto a subscription page: the success popup (amount and plan) and toast,
 * then the query string is cleared. v2 (also a signed-out buyer forwarded from /license-history)
 * hands the payment to the mobile app, posts PAYMENT_SUCCESS and records a local transaction.
 */
export function ToolPaymentReturn({ variant }: { variant: "v1" | "v2" }) {
  const { t } = useTranslation("subscription");
  const [shown, setShown] = useState<{ payment: PaidPayment; deepLink: string | null } | null>(null);
  const [open, setOpen] = useState(false);

  const text = useMemo<PaymentReturnText>(
    () => ({
      successTitle: t("return.successTitle"),
      // The plan's title from its length, in the page's language.
      planDescription: (plan) => t("return.planDescription", { plan: itemTitle(plan) }),
      topUpDescription: (price) => t("return.topUpDescription", { price }),
      planLabel: t("return.planLabel"),
      amountLabel: t("return.amountLabel"),
      done: t("return.done"),
      status: {
        pending: { title: t("return.status.pending.title"), description: t("return.status.pending.description") },
        failed: { title: t("return.status.failed.title"), description: t("return.status.failed.description") },
        cancelled: { title: t("return.status.cancelled.title"), description: t("return.status.cancelled.description") },
        refunded: { title: t("return.status.refunded.title"), description: t("return.status.refunded.description") },
        unknown: { title: t("return.status.unknown.title"), description: t("return.status.unknown.description") },
      },
    }),
    [t],
  );
  usePaymentReturn((ret, key) => {
    if (ret.type === "status") {
      showStatusToast(text, ret.status, key);
      return;
    }
    // Only a payment the server confirms (the return's receipt) is celebrated, with its figures.
    void verifyReturn(ret).then((verified) => {
      if (verified.state !== "paid") {
        showStatusToast(text, verified.state === "pending" ? "pending" : verified.status, key);
        return;
      }
      const payment = verified.payment;
      showSuccessToast(text, payment, key);
      let deepLink: string | null = null;
      if (variant === "v2") {
        const started = takeToolCheckout();
        announcePayment(payment, { email: started?.email, source: TOOL_SOURCE, transactionId: started?.tranId });
        deepLink = paymentDeepLink(payment);
        openDeepLink(deepLink);
      }
      setShown({ payment, deepLink });
      setOpen(true);
    });
  });

  if (!shown) return null;
  return (
    <PaymentSuccessDialog payment={shown.payment} open={open} onOpenChange={setOpen} text={text} className="brand-green">
      <p className="flex gap-2.5 rounded-lg border px-3.5 py-3 text-sm text-muted-foreground">
        <MailCheckIcon className="mt-0.5 size-4 shrink-0 text-brand-text" aria-hidden="true" />
        {t("return.emailed")}
      </p>
      {shown.deepLink ? (
        <Button asChild variant="outline">
          <a href={shown.deepLink}>
            <ExternalLinkIcon aria-hidden="true" />
            {t("return.openApp")}
          </a>
        </Button>
      ) : null}
    </PaymentSuccessDialog>
  );
}
