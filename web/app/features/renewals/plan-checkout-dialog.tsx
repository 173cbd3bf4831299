import { useEffect, useId, useMemo, useState } from "react";

import { planTitle as planTitleOf } from "../../../../contracts/plan-catalogue";
import type { Plan } from "../../../../contracts/plans";
import { planDays } from "../../../../contracts/renewal-terms";
import {
  CheckoutDialog,
  type CheckoutDialogText,
  type CheckoutExtras,
} from "~/features/payments/checkout-dialog";
import type { CheckoutResponse } from "~/features/payments/api";
import { checkoutLabels, usePaymentsCopy } from "~/features/payments/copy";
import { cn } from "~/lib/utils";

/**
 * The checkout with a plan choice (decision 026): a licence's renewal (from License Keys or a
 * reminder's link) or a fresh checkout of a plan (an abandoned checkout's e-mail). The shared
 * payment dialog, with the plans of the customer's market to choose from above Pay.
 */
export function PlanCheckoutDialog({
  open,
  onOpenChange,
  title,
  description,
  itemName,
  plans,
  initialPlanId,
  loadEmail,
  start,
  texts,
  planTitle,
  addsDays,
  closeWith,
  gift,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** What the summary calls the item, given the chosen plan's title ('Renew Office PC: 3 Months'); default the plan's title. */
  itemName?: (planTitle: string) => string;
  /** Null while loading. */
  plans: Plan[] | null;
  initialPlanId?: string | null;
  loadEmail: () => Promise<string | null>;
  /** Opens the checkout of the plan chosen, with the discount code applied if any. */
  start: (planId: string, extras: CheckoutExtras) => Promise<CheckoutResponse>;
  /** A page without a session (a reminder link) closes an abandoned checkout with its receipt token. */
  closeWith?: "session" | "receipt";
  /** A new plan (not a renewal): it may be a gift to another e-mail (decision 079). */
  gift?: boolean;
  /** The dialog's words (default: the payments namespace's, in the reader's language). */
  texts?: Omit<CheckoutDialogText, "title" | "description" | "pay" | "payFor"> & {
    pay: (price: string | null) => string;
    planLegend: string;
    plansLoading: string;
  };
  planTitle?: (plan: Plan) => string;
  addsDays?: (days: number) => string;
}) {
  const { t, i18n } = usePaymentsCopy();
  // A plan's name from its length, in the page's language (contracts/plan-catalogue.ts).
  const titleOf = planTitle ?? ((p: Plan) => planTitleOf(p.months, i18n.language));
  const daysText = addsDays ?? ((count: number) => t("checkout.addsDays", { count }));
  const id = useId();
  const [planId, setPlanId] = useState<string | null>(null);
  useEffect(() => {
    if (!plans?.length) return;
    setPlanId((current) => {
      if (current && plans.some((p) => p.id === current)) return current;
      return (
        plans.find((p) => p.id === initialPlanId)?.id ??
        plans.find((p) => p.isPopular)?.id ??
        plans[0]!.id
      );
    });
  }, [plans, initialPlanId]);
  const plan = plans?.find((p) => p.id === planId) ?? null;
  const discount = useMemo(() => ({ planId }), [planId]);

  const text = useMemo<CheckoutDialogText>(
    () =>
      texts
        ? { ...texts, title, description, pay: texts.pay(plan?.price ?? null), payFor: texts.pay }
        : {
            ...checkoutLabels(t),
            title,
            description,
            pay: plan ? t("checkout.pay", { price: plan.price }) : t("checkout.payNoPrice"),
            payFor: (price: string) => t("checkout.pay", { price }),
          },
    [title, description, plan, texts, t],
  );

  return (
    <CheckoutDialog
      open={open}
      onOpenChange={onOpenChange}
      text={text}
      item={plan ? (itemName ? itemName(titleOf(plan)) : titleOf(plan)) : "—"}
      amount={plan?.price ?? null}
      loadEmail={loadEmail}
      closeWith={closeWith}
      request={(extras) =>
        planId ? start(planId, extras) : Promise.reject(new Error("No plan chosen"))
      }
      discount={discount}
      gift={gift}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">
          {texts?.planLegend ?? t("checkout.planLegend")}
        </legend>
        {plans ? (
          <div
            role="radiogroup"
            aria-label={texts?.planLegend ?? t("checkout.planLegend")}
            className="grid gap-2"
          >
            {plans.map((p) => {
              const checked = p.id === planId;
              const days = planDays(p);
              return (
                <label
                  key={p.id}
                  htmlFor={`${id}-${p.id}`}
                  className={cn(
                    "flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-sm transition-colors",
                    checked
                      ? "border-primary bg-primary/5"
                      : "hover:bg-muted/50",
                  )}
                >
                  <input
                    id={`${id}-${p.id}`}
                    type="radio"
                    name={`${id}-plan`}
                    value={p.id}
                    checked={checked}
                    onChange={() => setPlanId(p.id)}
                    className="size-4 accent-current"
                  />
                  <span className="grid flex-1 gap-0.5">
                    <span className="font-medium">{titleOf(p)}</span>
                    <span className="text-xs text-muted-foreground">
                      {daysText(days)}
                    </span>
                  </span>
                  <span className="font-semibold tabular-nums">{p.price}</span>
                </label>
              );
            })}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground" role="status">
            {texts?.plansLoading ?? t("checkout.plansLoading")}
          </p>
        )}
      </fieldset>
    </CheckoutDialog>
  );
}
