import type { CSSProperties } from "react";
import { ArrowDownIcon, CheckCircle2Icon } from "lucide-react";

import { formatMoney } from "../../../../contracts/money";
import type { ShownPlan } from "~/features/landing/landing-plans";
import { Button } from "~/components/ui/button";
import { intentProps } from "~/features/landing/plan-checkout";
import { planName } from "~/features/landing/plan-text";
import { SECTION_IDS } from "~/components/public/sections";
import { useTranslation } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import { SITE } from "../../../../contracts/site";

export function Hero({
  plans,
  onChoosePlan,
  prefetch,
}: {
  plans: ShownPlan[];
  onChoosePlan: (plan: ShownPlan) => void;
  prefetch: () => void;
}) {
  const { t, i18n } = useTranslation("landing");
  const trust = [t("hero.trustGuarantee", { days: SITE.refundWindowDays }), t("hero.trustSupport"), t("hero.trustUpdates")];

  return (
    <section aria-labelledby="hero-heading" className="relative isolate overflow-hidden">
      {/* Decoration only: a soft green glow over a faint grid. */}
      <div aria-hidden="true" className="absolute inset-0 -z-10">
        <div className="absolute inset-0 bg-[linear-gradient(to_right,var(--border)_1px,transparent_1px),linear-gradient(to_bottom,var(--border)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_55%_50%_at_50%_0%,#000_40%,transparent_100%)] bg-[size:44px_44px] opacity-70" />
        <div className="absolute inset-0 bg-[radial-gradient(ellipse_60%_45%_at_50%_0%,color-mix(in_oklab,var(--brand)_18%,transparent),transparent_100%)]" />
      </div>

      <div className="mx-auto max-w-4xl px-4 pt-16 pb-20 text-center sm:px-6 sm:pt-24 sm:pb-28">
        <p className="mx-auto inline-flex items-center gap-2 rounded-full border bg-background/80 px-3.5 py-1 text-xs font-medium text-muted-foreground shadow-xs sm:text-sm">
          <span className="relative flex size-2" aria-hidden="true">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-brand/60 motion-reduce:animate-none" />
            <span className="relative inline-flex size-2 rounded-full bg-brand" />
          </span>
          {t("hero.eyebrow")}
        </p>

        <h1
          id="hero-heading"
          className="mt-6 text-[2.125rem] leading-[1.1] font-extrabold tracking-tight text-balance sm:text-6xl sm:leading-[1.05] [&:lang(km)]:leading-[1.35] sm:[&:lang(km)]:leading-[1.3]"
        >
          {t("hero.titleLead")}{" "}
          <span className="bg-gradient-to-r from-brand-text to-teal-600 bg-clip-text text-transparent dark:to-teal-300">
            {t("hero.titleAccent")}
          </span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
          {t("hero.subtitle")}
        </p>

        <div className="mt-10">
          <p id="hero-plans-label" className="text-sm font-medium text-foreground/80">
            {t("hero.plansLabel")}
          </p>
          <div
            role="group"
            aria-labelledby="hero-plans-label"
            style={{ "--plans": plans.filter((p) => !p.hidden).length } as CSSProperties}
            className="mx-auto mt-3 grid max-w-2xl gap-3 sm:grid-cols-[repeat(var(--plans),minmax(0,1fr))]"
          >
            {plans.map((plan) => (
              <Button
                key={plan.id}
                type="button"
                size="lg"
                variant={plan.isPopular ? "default" : "outline"}
                className={cn(
                  "h-12 w-full text-base",
                  plan.isPopular && "shadow-md shadow-brand/25",
                )}
                onClick={() => onChoosePlan(plan)}
                data-plan-choice={plan.id}
                hidden={plan.hidden}
                {...intentProps(prefetch)}
              >
                {t("hero.planButton", {
                  title: planName(plan, i18n.language),
                  price: formatMoney(plan.priceMills),
                })}
              </Button>
            ))}
          </div>
          <a
            href={`#${SECTION_IDS.pricing}`}
            className="mt-5 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-brand-text underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {t("hero.seeAllPlans")}
            <ArrowDownIcon className="size-4" aria-hidden="true" />
          </a>
        </div>

        <ul className="mt-10 flex flex-col items-center justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground sm:flex-row">
          {trust.map((item) => (
            <li key={item} className="inline-flex items-center gap-1.5">
              <CheckCircle2Icon className="size-4 text-brand-text" aria-hidden="true" />
              {item}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
