// The landing's pricing cards for one price list, as they will look with the catalogue's plans on
// sale, in English or Khmer: a compact copy of the landing's PlanCard (features/landing/
// pricing-section.tsx) with the landing's own words, so the admin page does not load the landing.
import { useState } from "react";
import { CheckIcon, SparklesIcon } from "lucide-react";

import type { CataloguePlanDto } from "../../../../../contracts/catalogue-admin";
import { formatMoney } from "../../../../../contracts/money";
import { featureText, PLAN_FEATURES, planPeriod, planTitle, type Market, type PlanFeature } from "../../../../../contracts/plan-catalogue";
import { Button } from "~/components/ui/button";
import { getFixedT, LANGUAGES, languageInfo, registerNamespace, type Language } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import enLanding from "~/locales/en/landing.json";
import kmLanding from "~/locales/km/landing.json";

import { useCatalogueCopy } from "./copy";

// Both languages' landing words, whichever the reader uses: the preview shows either.
registerNamespace("landing", { en: enLanding, km: kmLanding });

/** The plan's features (sent in English) as the landing's feature ids, to be worded in the preview's language. */
function featuresOf(plan: CataloguePlanDto): (PlanFeature | string)[] {
  const known = new Map<string, PlanFeature>();
  for (const id of PLAN_FEATURES) {
    const feature: PlanFeature = id === "bonusDays" ? { id, count: plan.bonusDays } : id === "timeChangeKeys" ? { id, count: plan.keyChanges } : { id };
    known.set(featureText(feature), feature);
  }
  return plan.features.map((text) => known.get(text) ?? text);
}

export function PricingPreview({ market, plans }: { market: Market; plans: CataloguePlanDto[] }) {
  const { t, i18n } = useCatalogueCopy();
  const [language, setLanguage] = useState<Language>(i18n.language);
  const landing = getFixedT(language, "landing");
  const name = t(`markets.${market}`);

  return (
    <div className="grid gap-3 rounded-xl border border-dashed p-4 sm:p-5" data-testid={`preview-${market}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h3 className="text-base font-semibold">{t("preview.title")}</h3>
          <p className="text-sm text-muted-foreground">{t("preview.description", { market: name })}</p>
        </div>
        <div role="group" aria-label={t("preview.language")} className="inline-flex rounded-lg border p-0.5">
          {LANGUAGES.map((lng) => (
            <Button key={lng} lang={lng} type="button" size="sm" variant={lng === language ? "secondary" : "ghost"} aria-pressed={lng === language} onClick={() => setLanguage(lng)}>
              {languageInfo(lng).nativeName}
            </Button>
          ))}
        </div>
      </div>
      {plans.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("preview.none")}</p>
      ) : (
        <ul lang={language} className="grid gap-4 pt-3 sm:grid-cols-[repeat(auto-fit,minmax(14rem,1fr))]">
          {plans.map((plan) => {
            const title = planTitle(plan.months, language);
            return (
              <li key={plan.id} data-plan={plan.id} className={cn("relative flex flex-col rounded-2xl border bg-card p-5 shadow-xs", plan.isPopular && "border-brand/60 ring-1 ring-brand/60")}>
                {plan.isPopular ? (
                  <span className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-brand px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-brand-foreground">
                    <SparklesIcon className="size-3" aria-hidden="true" />
                    {landing("pricing.popular")}
                  </span>
                ) : null}
                <h4 className="font-semibold">{title}</h4>
                <p className="mt-2 flex flex-wrap items-baseline gap-x-2">
                  <span className="text-2xl font-extrabold tracking-tight">{formatMoney(plan.priceMills)}</span>
                  {market === "local" ? <span className="text-xs text-muted-foreground">{planPeriod(plan.months, language)}</span> : null}
                </p>
                <ul aria-label={landing("pricing.featuresLabel", { title })} className="mt-4 grid flex-1 content-start gap-2 text-sm">
                  {featuresOf(plan).map((feature) => (
                    <li key={typeof feature === "string" ? feature : feature.id} className="flex items-start gap-2">
                      <CheckIcon className="mt-0.5 size-3.5 shrink-0 text-brand-text" strokeWidth={3} aria-hidden="true" />
                      <span>{typeof feature === "string" ? feature : landing(`pricing.features.${feature.id}`, { count: feature.count })}</span>
                    </li>
                  ))}
                </ul>
                <span aria-hidden="true" className={cn("mt-5 rounded-md border px-3 py-1.5 text-center text-sm font-medium", plan.isPopular && "border-transparent bg-primary text-primary-foreground")}>
                  {landing(market === "local" ? "pricing.getStarted" : "pricing.contactTelegram")}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
