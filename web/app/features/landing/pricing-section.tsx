import { useState, type CSSProperties } from "react";
import { CheckIcon, SendIcon, ShieldCheckIcon, SparklesIcon } from "lucide-react";

import { formatMoney } from "../../../../contracts/money";
import { SITE } from "../../../../contracts/site";
import type { Market } from "../../../../contracts/plan-catalogue";
import { Button } from "~/components/ui/button";
import { catalogueWords } from "~/features/landing/catalogue-words";
import { marketPlans, type ShownPlan } from "~/features/landing/landing-plans";
import { MarketSwitch } from "~/features/landing/market-switch";
import { intentProps } from "~/features/landing/plan-checkout";
import { cardClass, planLooks } from "~/features/landing/plan-looks";
import { planFeature, planName, planPeriodText } from "~/features/landing/plan-text";
import { SectionHeading } from "~/features/landing/section-heading";
import { NEW_TAB_HINT_ID, SECTION_IDS } from "~/components/public/sections";
import { useTranslation } from "~/lib/i18n";

const MARKETS: Market[] = ["local", "foreign"];


/**
 * The market shown first: Local, or what the visitor chose on the static page before the app took
 * over (web/enhance/pricing.ts keeps it in data-market), so hydration finds the same markup.
 */
function initialMarket(): Market {
  if (typeof document === "undefined") return "local";
  const shown = document.getElementById(SECTION_IDS.pricing)?.dataset.market;
  return shown === "foreign" ? "foreign" : "local";
}

/**
 * Pricing: rendered from the catalogue at build time, so the prerendered HTML has the prices.
 * Both price lists are in the page, the other market's hidden: the switch works before React
 * (web/enhance/pricing.ts) by toggling what the markup already has.
 */
export function PricingSection({
  plans,
  onChoosePlan,
  prefetch,
}: {
  plans: readonly ShownPlan[];
  onChoosePlan: (plan: ShownPlan) => void;
  prefetch: () => void;
}) {
  const { t, i18n } = useTranslation("landing");
  // What web/enhance/catalogue.ts words the seller's plans with, in the page's language, and the
  // looks it gives a plan when it moves the popular mark (decision 076).
  const words = JSON.stringify(catalogueWords(t, i18n.language));
  const [market, setMarket] = useState<Market>(initialMarket);

  return (
    <section
      id={SECTION_IDS.pricing}
      data-market={market}
      data-count-words={words}
      data-looks={JSON.stringify(planLooks())}
      aria-labelledby="pricing-heading"
      tabIndex={-1}
      className="scroll-mt-16 border-y border-border/60 bg-muted/30 py-20 outline-none sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="pricing-heading" eyebrow={t("pricing.eyebrow")} title={t("pricing.title")}>
          {t("pricing.subtitle")}
        </SectionHeading>

        <div className="mt-10 flex flex-col items-center gap-3">
          <MarketSwitch
            value={market}
            onChange={setMarket}
            label={t("pricing.marketLabel")}
            options={[
              { value: "local", label: t("pricing.local") },
              { value: "foreign", label: t("pricing.foreign") },
            ]}
          />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            <span data-market-hint="local" hidden={market !== "local"}>
              {t("pricing.localHint")}
            </span>
            <span data-market-hint="foreign" hidden={market !== "foreign"}>
              {t("pricing.foreignHint")}
            </span>
          </p>
        </div>

        {MARKETS.map((shown) => (
          <ul
            key={shown}
            data-market-plans={shown}
            hidden={market !== shown}
            // One column per plan on sale, however many the seller has.
            style={{ "--plans": marketPlans(plans, shown).filter((p) => !p.hidden).length } as CSSProperties}
            className="mx-auto mt-12 grid max-w-md gap-6 lg:max-w-none lg:grid-cols-[repeat(var(--plans),minmax(0,1fr))] lg:items-stretch"
          >
            {marketPlans(plans, shown).map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                onChoose={() => onChoosePlan(plan)}
                prefetch={prefetch}
              />
            ))}
          </ul>
        ))}

        <p className="mt-10 flex items-center justify-center gap-2 text-center text-sm text-muted-foreground">
          <ShieldCheckIcon className="size-4 shrink-0 text-brand-text" aria-hidden="true" />
          {t("pricing.footnote", { days: SITE.refundWindowDays })}
        </p>
      </div>
    </section>
  );
}

function PlanCard({
  plan,
  onChoose,
  prefetch,
}: {
  plan: ShownPlan;
  onChoose: () => void;
  prefetch: () => void;
}) {
  const { t, i18n } = useTranslation("landing");
  const title = planName(plan, i18n.language);
  const headingId = `plan-${plan.id}`;

  return (
    <li
      aria-labelledby={headingId}
      data-plan={plan.id}
      hidden={plan.hidden}
      className={cardClass(plan.isPopular)}
    >
      {plan.isPopular ? (
        <span
          data-popular-badge
          className="absolute -top-3.5 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-brand px-3 py-1 text-xs font-semibold whitespace-nowrap text-brand-foreground shadow-sm"
        >
          <SparklesIcon className="size-3.5" aria-hidden="true" />
          {t("pricing.popular")}
        </span>
      ) : null}

      <h3 id={headingId} className="text-lg font-semibold">
        {title}
      </h3>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
        <span className="text-4xl font-extrabold tracking-tight" data-testid="plan-price">
          {formatMoney(plan.priceMills)}
        </span>
        {plan.market === "local" ? (
          <span className="text-sm text-muted-foreground">{planPeriodText(plan, i18n.language)}</span>
        ) : null}
      </p>

      <ul aria-label={t("pricing.featuresLabel", { title })} className="mt-7 grid flex-1 content-start gap-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature.id} data-feature={feature.id} className="flex items-start gap-2.5">
            <span className="mt-0.5 flex size-4.5 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand-text ring-1 ring-brand/25">
              <CheckIcon className="size-3" strokeWidth={3} aria-hidden="true" />
            </span>
            <span>{planFeature(t, feature)}</span>
          </li>
        ))}
      </ul>

      <div className="mt-8">
        {plan.market === "local" ? (
          <Button
            type="button"
            size="lg"
            variant={plan.isPopular ? "default" : "outline"}
            className="w-full"
            aria-describedby={headingId}
            onClick={onChoose}
            data-plan-choice={plan.id}
            {...intentProps(prefetch)}
          >
            {t("pricing.getStarted")}
          </Button>
        ) : (
          <Button
            asChild
            size="lg"
            variant={plan.isPopular ? "default" : "outline"}
            className="w-full"
          >
            <a
              href={SITE.links.sellerTelegram}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={`${headingId} ${NEW_TAB_HINT_ID}`}
            >
              <SendIcon aria-hidden="true" />
              {t("pricing.contactTelegram")}
            </a>
          </Button>
        )}
      </div>
    </li>
  );
}
