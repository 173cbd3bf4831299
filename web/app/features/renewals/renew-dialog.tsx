import { useEffect, useState } from "react";

import type { License } from "../../../../contracts/licenses";
import type { Plan } from "../../../../contracts/plans";
import { showErrorToast } from "~/lib/errors";
import { refreshPublicSession } from "~/lib/session";

import { renewalsApi } from "./api";
import { PlanCheckoutDialog } from "./plan-checkout-dialog";

/** A licence's name in the dialog: its display name, else its plan. */
export function licenceLabel(l: { name: string; planTitle: string | null }) {
  return l.name.trim() || (l.planTitle ? `${l.planTitle} licence` : "your licence");
}

/** Renew on License Keys: the plans of the licence's market, paid for this licence only (the server binds it). */
export function RenewDialog({ license, open, onOpenChange }: { license: License; open: boolean; onOpenChange: (open: boolean) => void }) {
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

  const label = licenceLabel(license);
  const description = license.expireDate
    ? "The days you buy are added to this licence's current expiry (or to today if it has passed). It stays on the same device."
    : "This licence is not activated yet: the days you buy lengthen its term, which starts at first activation.";
  return (
    <PlanCheckoutDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Renew ${label}`}
      description={description}
      itemPrefix={`Renew ${label}`}
      plans={plans}
      initialPlanId={null}
      loadEmail={async () => (await refreshPublicSession())?.user.email ?? null}
      start={(planId) => renewalsApi.renew(license.id, planId)}
    />
  );
}
