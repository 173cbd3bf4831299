import { useEffect, useId, useMemo, useState } from "react";

import type { Plan } from "../../../../contracts/plans";
import {
  CheckoutDialog,
  type CheckoutDialogText,
} from "~/features/payments/checkout-dialog";
import type { CheckoutResponse } from "~/features/payments/api";
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
  itemPrefix,
  plans,
  initialPlanId,
  loadEmail,
  start,
  texts,
  planTitle = (p) => p.title,
  addsDays = (days) => `+${days} days`,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** 'Renew Office PC' → the summary reads 'Renew Office PC: 3 Months'. */
  itemPrefix?: string;
  /** Null while loading. */
  plans: Plan[] | null;
  initialPlanId?: string | null;
  loadEmail: () => Promise<string | null>;
  start: (planId: string) => Promise<CheckoutResponse>;
  /** The dialog's words in the page's language (default English, as the dashboard is). */
  texts?: Omit<CheckoutDialogText, "title" | "description" | "pay"> & {
    pay: (price: string | null) => string;
    planLegend: string;
    plansLoading: string;
  };
  planTitle?: (plan: Plan) => string;
  addsDays?: (days: number) => string;
}) {
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

  const text = useMemo<CheckoutDialogText>(
    () =>
      texts
        ? { ...texts, title, description, pay: texts.pay(plan?.price ?? null) }
        : {
            title,
            description,
            summaryLabel: "Order summary",
            itemLabel: "Item",
            amountLabel: "Amount",
            emailLabel: "E-mail",
            emailHint: "The receipt and the licence e-mail go to this address.",
            emailLoading: "Loading…",
            emailMissing: "Your session has ended. Sign in again to pay.",
            emailError: "Could not read your e-mail address. Try again.",
            acceptsLabel: "We accept",
            cancel: "Cancel",
            pay: plan ? `Pay ${plan.price}` : "Pay",
            paying: "Opening payment…",
          },
    [title, description, plan, texts],
  );

  return (
    <CheckoutDialog
      open={open}
      onOpenChange={onOpenChange}
      text={text}
      item={
        plan
          ? itemPrefix
            ? `${itemPrefix}: ${planTitle(plan)}`
            : planTitle(plan)
          : "—"
      }
      amount={plan?.price ?? null}
      loadEmail={loadEmail}
      request={() =>
        planId ? start(planId) : Promise.reject(new Error("No plan chosen"))
      }
    >
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">
          {texts?.planLegend ?? "Plan"}
        </legend>
        {plans ? (
          <div
            role="radiogroup"
            aria-label={texts?.planLegend ?? "Plan"}
            className="grid gap-2"
          >
            {plans.map((p) => {
              const checked = p.id === planId;
              const days = p.periodDays + p.bonusDays;
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
                    <span className="font-medium">{planTitle(p)}</span>
                    <span className="text-xs text-muted-foreground">
                      {addsDays(days)}
                    </span>
                  </span>
                  <span className="font-semibold tabular-nums">{p.price}</span>
                </label>
              );
            })}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground" role="status">
            {texts?.plansLoading ?? "Loading plans…"}
          </p>
        )}
      </fieldset>
    </CheckoutDialog>
  );
}
