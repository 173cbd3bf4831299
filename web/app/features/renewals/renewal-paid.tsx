import { useState } from "react";
import { CircleAlertIcon, CircleCheckIcon, ClockIcon } from "lucide-react";
import { Link } from "react-router";

import { daysLeft } from "../../../../contracts/renewal-terms";
import { Button } from "~/components/ui/button";
import { DateText } from "~/components/date-text";
import type { PaidPayment, ReturnStatus } from "~/features/payments-return/payment-return";
import { paymentReturnText } from "~/features/payments-return/texts";
import { usePaymentReturn } from "~/features/payments-return/use-payment-return";
import { verifyReturn } from "~/features/payments-return/verify-return";
import { itemTitle } from "~/features/payments/item-title";
import { useTranslation, type TFunction } from "~/lib/i18n";

import type { Renewal } from "./api";

/** What the return from paying a reminder link's renewal turned out to be. */
export type RenewalOutcome = { state: "checking" } | { state: "paid"; payment: PaidPayment } | { state: "status"; status: ReturnStatus };

/**
 * Reads the return from the payment provider on a reminder link's page (#29 item 1): the payment
 * is believed only once the server confirms it by the return's receipt token (no session needed),
 * then `onPaid` reloads the licence, whose new expiry the page states.
 */
export function useRenewalReturn(onPaid: () => void): RenewalOutcome | null {
  const [outcome, setOutcome] = useState<RenewalOutcome | null>(null);
  usePaymentReturn((ret) => {
    if (ret.type === "status") {
      setOutcome({ state: "status", status: ret.status });
      return;
    }
    setOutcome({ state: "checking" });
    void verifyReturn(ret).then((verified) => {
      if (verified.state === "paid") {
        setOutcome({ state: "paid", payment: verified.payment });
        onPaid();
      } else setOutcome({ state: "status", status: verified.state === "pending" ? "pending" : verified.status });
    });
  });
  return outcome;
}

const nowRuns = (t: TFunction, name: string, r: Renewal) => {
  if (!r.expireDate) return t("paid.term", { name, count: r.termDays });
  const left = daysLeft(r.expireDate);
  return (
    <>
      {t("paid.until", { name })} <DateText iso={r.expireDate} />
      {left > 0 ? ` (${t("daysLeft", { count: left })})` : null}.
    </>
  );
};

/** The page's answer after paying: what was paid and until when the licence now runs, signed in or not. */
export function RenewalPaid({ outcome, renewal, name }: { outcome: RenewalOutcome; renewal: Renewal | null; name: string }) {
  const { t } = useTranslation("renewal");
  if (outcome.state === "checking")
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <ClockIcon className="size-4" aria-hidden="true" />
        {t("paid.checking")}
      </p>
    );
  if (outcome.state === "status") {
    const { title, description } = paymentReturnText(t)["status"][outcome.status];
    return (
      <div role="alert" className="grid gap-1 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
        <p className="flex items-center gap-2 font-medium">
          <CircleAlertIcon className="size-4 text-destructive" aria-hidden="true" />
          {title}
        </p>
        <p className="text-muted-foreground">{description}</p>
      </div>
    );
  }
  const { payment } = outcome;
  return (
    <section aria-labelledby="renewal-paid-title" className="grid gap-3 rounded-xl border border-emerald-600/40 bg-emerald-600/5 p-5 text-sm" data-testid="renewal-paid">
      <h2 id="renewal-paid-title" className="flex items-center gap-2 text-base font-semibold">
        <CircleCheckIcon className="size-5 text-emerald-700 dark:text-emerald-400" aria-hidden="true" />
        {t("paid.title")}
      </h2>
      <p>{t("paid.amount", { price: payment.planPrice, plan: itemTitle(payment) })}</p>
      {renewal ? <p data-testid="renewal-paid-expiry">{nowRuns(t, name, renewal)}</p> : null}
      {renewal ? <p className="break-words text-muted-foreground">{t("paid.emailed", { email: renewal.email })}</p> : null}
      <Button asChild variant="outline" className="w-full sm:w-fit">
        <Link to="/license-keys">{t("openLicenseKeys")}</Link>
      </Button>
    </section>
  );
}
