import { useCallback, useMemo } from "react";
import { CheckIcon } from "lucide-react";

import { formatMoney } from "../../../../contracts/money";
import type { ShownPlan } from "~/features/landing/landing-plans";
import { planFeature, planName } from "~/features/landing/plan-text";
import { ordersApi } from "~/features/payments/api";
import { CheckoutDialog, type CheckoutDialogText, type CheckoutExtras } from "~/features/payments/checkout-dialog";
import { useTranslation } from "~/lib/i18n";
import { refreshPublicSession } from "~/lib/session";
import { useToaster } from "~/lib/toaster";

/** The session's e-mail, read from the server each time the dialog opens. */
async function sessionEmail(): Promise<string | null> {
  const session = await refreshPublicSession();
  return session?.user.email ?? null;
}

/**
 * The payment step for a chosen plan (signed in): the plan, its price and the session e-mail;
 * Pay creates the order on the server and opens the payment provider's checkout. The return lands on /dashboard.
 */
export function PaymentDialog({
  plan,
  open,
  onOpenChange,
}: {
  plan: ShownPlan | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  useToaster();
  const { t, i18n } = useTranslation("landing");
  const price = plan ? formatMoney(plan.priceMills) : null;
  const title = plan ? planName(plan, i18n.language) : "";

  const text = useMemo<CheckoutDialogText>(
    () => ({
      title: t("payment.title", { title, price }),
      description: t("payment.description"),
      summaryLabel: t("payment.summary"),
      itemLabel: t("payment.item"),
      amountLabel: t("payment.amount"),
      emailLabel: t("payment.email"),
      emailHint: t("payment.emailHint"),
      emailLoading: t("payment.emailLoading"),
      emailMissing: t("payment.emailMissing"),
      emailError: t("payment.emailError"),
      acceptsLabel: t("payment.accepts"),
      cancel: t("payment.cancel"),
      pay: t("payment.pay", { price }),
      payFor: (discounted) => t("payment.pay", { price: discounted }),
      paying: t("payment.paying"),
    }),
    [t, title, price],
  );

  const planId = plan?.id;
  const market = plan?.market;
  const request = useCallback(
    ({ discountCode, giftEmail }: CheckoutExtras) => {
      if (!planId) return Promise.reject(new Error("No plan chosen"));
      return ordersApi.checkout({ kind: "plan", planId, market, returnTo: "home", ...(discountCode ? { discountCode } : {}), ...(giftEmail ? { giftEmail } : {}) });
    },
    [planId, market],
  );
  const discount = useMemo(() => ({ planId: planId ?? null }), [planId]);

  if (!plan) return null;

  return (
    <CheckoutDialog
      open={open}
      onOpenChange={onOpenChange}
      text={text}
      item={title}
      amount={price}
      loadEmail={sessionEmail}
      request={request}
      discount={discount}
      gift
      className="brand-green"
    >
      <div className="grid gap-2">
        <p className="text-sm font-medium">{t("payment.includes")}</p>
        <ul className="grid gap-1.5 text-sm text-muted-foreground">
          {plan.features.map((feature) => (
            <li key={feature.id} className="flex items-start gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-text" aria-hidden="true" />
              {planFeature(t, feature)}
            </li>
          ))}
        </ul>
      </div>
    </CheckoutDialog>
  );
}
