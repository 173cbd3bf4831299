// The tool's plan cards, from the seller's price list (GET /api/plans, decision 076): while it
// loads, a note where the cards will be; if it fails, what happened and a retry.
import type { CSSProperties } from "react";
import { CheckIcon, CircleAlertIcon, KeyRoundIcon, LoaderCircleIcon, RotateCwIcon, SparklesIcon } from "lucide-react";

import { formatMoney } from "../../../../contracts/money";
import { planPeriod, planTitle } from "../../../../contracts/plan-catalogue";
import { Button } from "~/components/ui/button";
import type { Plan } from "~/features/plans/api";
import type { PlansState } from "~/features/plans/use-plans";
import type { Language, TFunction } from "~/lib/i18n";
import { cn } from "~/lib/utils";

export function PlanChoices({
  plans,
  name,
  chosen,
  onChoose,
  t,
  lng,
}: {
  plans: PlansState;
  name: string;
  chosen: string | null;
  onChoose: (planId: string) => void;
  t: TFunction;
  lng: Language;
}) {
  if (plans.status === "loading") {
    return (
      <p role="status" className="flex min-h-40 items-center justify-center gap-2 rounded-2xl border border-dashed text-sm text-muted-foreground">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        {t("plans.loading")}
      </p>
    );
  }
  if (plans.status === "error") {
    return (
      <div role="alert" className="flex min-h-40 flex-col items-center justify-center gap-3 rounded-2xl border border-destructive/40 p-5 text-center text-sm">
        <p className="flex items-center gap-2 font-medium text-destructive">
          <CircleAlertIcon className="size-4 shrink-0" aria-hidden="true" />
          {t("plans.failed")}
        </p>
        <Button type="button" variant="outline" size="sm" onClick={plans.retry}>
          <RotateCwIcon aria-hidden="true" />
          {t("plans.retry")}
        </Button>
      </div>
    );
  }
  return (
    <div style={{ "--plans": plans.plans.length } as CSSProperties} className="grid gap-4 sm:grid-cols-[repeat(var(--plans),minmax(0,1fr))]">
      {plans.plans.map((p) => (
        <PlanOption key={p.id} plan={p} name={name} checked={chosen === p.id} onSelect={() => onChoose(p.id)} t={t} lng={lng} />
      ))}
    </div>
  );
}

function PlanOption({
  plan,
  name,
  checked,
  onSelect,
  t,
  lng,
}: {
  plan: Plan;
  name: string;
  checked: boolean;
  onSelect: () => void;
  t: TFunction;
  lng: Language;
}) {
  const title = planTitle(plan.months, lng);
  return (
    <label
      data-plan={plan.id}
      className={cn(
        "group relative flex cursor-pointer flex-col rounded-2xl border bg-card p-5 shadow-xs transition-[border-color,box-shadow,background-color]",
        "hover:border-brand/50 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
        checked && "border-brand bg-brand-soft/60 ring-1 ring-brand dark:bg-brand-soft",
      )}
    >
      <input
        type="radio"
        name={name}
        value={plan.id}
        checked={checked}
        onChange={onSelect}
        className="sr-only"
        aria-labelledby={`${name}-${plan.id}-title ${name}-${plan.id}-price`}
        aria-describedby={`${name}-${plan.id}-details`}
      />
      {plan.isPopular ? (
        <span className="absolute -top-3 left-5 inline-flex items-center gap-1 rounded-full bg-brand px-2.5 py-0.5 text-xs font-semibold text-brand-foreground shadow-sm">
          <SparklesIcon className="size-3" aria-hidden="true" />
          {t("plans.popular")}
        </span>
      ) : null}
      <span className="flex items-start justify-between gap-3">
        <span id={`${name}-${plan.id}-title`} className="text-base font-semibold">
          {title}
        </span>
        <span
          aria-hidden="true"
          className={cn(
            "flex size-5 shrink-0 items-center justify-center rounded-full border transition-colors",
            checked ? "border-brand bg-brand text-brand-foreground" : "border-muted-foreground/40 bg-background",
          )}
        >
          {checked ? <CheckIcon className="size-3.5" strokeWidth={3} /> : null}
        </span>
      </span>
      <span className="mt-3 flex flex-wrap items-baseline gap-x-1.5">
        <span id={`${name}-${plan.id}-price`} className="text-3xl font-extrabold tracking-tight tabular-nums">
          {formatMoney(plan.priceMills)}
        </span>
        <span className="text-sm text-muted-foreground">{planPeriod(plan.months, lng)}</span>
      </span>
      <span id={`${name}-${plan.id}-details`} className="mt-4 grid gap-2 text-sm">
        {plan.bonusDays > 0 ? (
          <span className="inline-flex w-fit items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-200">
            {t("plans.bonus", { count: plan.bonusDays })}
          </span>
        ) : null}
        <span className="flex items-center gap-2 text-muted-foreground">
          <KeyRoundIcon className="size-4 shrink-0" aria-hidden="true" />
          {t("plans.keys", { count: plan.keyChanges })}
        </span>
      </span>
    </label>
  );
}
