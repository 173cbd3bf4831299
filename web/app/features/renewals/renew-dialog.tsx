import { useEffect, useState } from "react";

import type { License } from "../../../../contracts/licenses";
import type { Plan } from "../../../../contracts/plans";
import { itemTitle, usePaymentsCopy } from "~/features/payments/copy";
import { showErrorToast } from "~/lib/errors";
import type { TFunction } from "~/lib/i18n";
import { refreshPublicSession } from "~/lib/session";

import { renewalsApi } from "./api";
import { PlanCheckoutDialog } from "./plan-checkout-dialog";

/** A licence's name in the dialog: its display name, else its plan (in the reader's language). */
export function licenseLabel(t: TFunction, l: { name: string; planTitle: string | null; planMonths: number | null }) {
  if (l.name.trim()) return l.name.trim();
  return l.planTitle ? t("payments:renew.licenceOfPlan", { plan: itemTitle(l) }) : t("payments:renew.yourLicence");
}

/** Renew on License Keys: the plans of the licence's market, paid for this licence only (the server binds it). */
export function RenewDialog({ license, open, onOpenChange }: { license: License; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = usePaymentsCopy();
  const [plans, setPlans] = useState<Plan[] | null>(null);
  useEffect(() => {
    if (!open) return;
    let current = true;
    renewalsApi
      .options(license.id)
      .then((renewal) => current && setPlans(renewal.plans))
      .catch((error: unknown) => {
        showErrorToast(error, "renewal-options");
        onOpenChange(false);
      });
    return () => {
      current = false;
    };
  }, [open, license.id, onOpenChange]);

  const name = licenseLabel(t, license);
  return (
    <PlanCheckoutDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("renew.title", { name })}
      description={license.expireDate ? t("renew.descriptionActive") : t("renew.descriptionNew")}
      itemName={(plan) => t("renew.item", { name, plan })}
      plans={plans}
      initialPlanId={null}
      loadEmail={async () => (await refreshPublicSession())?.user.email ?? null}
      start={(planId, extras) => renewalsApi.renew(license.id, planId, extras)}
    />
  );
}
