import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";

import type { Plan } from "../../../../contracts/plans";
import { ordersApi } from "~/features/payments/api";
import { usePaymentsCopy } from "~/features/payments/copy";
import { refreshPublicSession } from "~/lib/session";

import { renewalsApi } from "./api";
import { PlanCheckoutDialog } from "./plan-checkout-dialog";

/**
 * License Keys with `?buy=<plan>`: an abandoned checkout's e-mail (decision 026) opens a fresh
 * checkout of the same plan, with the other plans of its market to choose from.
 */
export function BuyFromLink() {
  const { t } = usePaymentsCopy();
  const [params, setParams] = useSearchParams();
  const wanted = params.get("buy");
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!wanted) return;
    let current = true;
    const market = wanted.startsWith("foreign") ? "foreign" : "local";
    renewalsApi
      .plans(market)
      .then(({ plans: list }) => {
        if (!current) return;
        setPlans(list);
        setOpen(true);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [wanted]);

  if (!wanted) return null;
  return (
    <PlanCheckoutDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next)
          setParams(
            (p) => {
              p.delete("buy");
              return p;
            },
            { replace: true },
          );
      }}
      title={t("buyLink.title")}
      description={t("buyLink.description")}
      plans={plans}
      initialPlanId={wanted}
      loadEmail={async () => (await refreshPublicSession())?.user.email ?? null}
      gift
      start={(planId, { discountCode, giftEmail }) =>
        ordersApi.checkout({ kind: "plan", planId, returnTo: "license-keys", ...(discountCode ? { discountCode } : {}), ...(giftEmail ? { giftEmail } : {}) })
      }
    />
  );
}
