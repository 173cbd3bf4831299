import { plansForMarket } from "../../../contracts/plan-catalogue";
import { PublicPage } from "~/components/public/public-page";
import { ChatSupportButton } from "~/features/landing/chat-support-button";
import {
  FeaturesSection,
  SetupSection,
  VideosSection,
  WhyChooseSection,
} from "~/features/landing/deferred-sections";
import { Hero } from "~/features/landing/hero";
import { usePlanCheckout } from "~/features/landing/plan-checkout";
import { LandingPaymentReturn } from "~/features/payments-return/landing-payment-return";
import { PricingSection } from "~/features/landing/pricing-section";
import i18n, { registerNamespace } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import enLanding from "~/locales/en/landing.json";
import { SITE } from "../../../contracts/site";

// The landing copy comes with this route (Khmer arrives with lib/i18n's chunk when chosen).
registerNamespace("landing", { en: enLanding });

// Prerendered: everything below renders from static data (the plan catalogue, site config and
// bundled translations), so the HTML already carries the pricing. The static sections (all but the
// hero and the pricing) hydrate when scrolled near (features/landing/deferred-sections.ts); the
// dialogs are lazy.
export function meta() {
  return pageMeta({
    // In the language being rendered (the prerender's, or the reader's on a later visit).
    title: i18n.t("landing:meta.title"),
    description: i18n.t("landing:meta.description", { days: SITE.refundWindowDays }),
    path: "/",
  });
}

const LOCAL_PLANS = plansForMarket("local");

export default function HomePage() {
  const checkout = usePlanCheckout();

  return (
    <PublicPage>
      <LandingPaymentReturn />
      <Hero plans={LOCAL_PLANS} onChoosePlan={checkout.choosePlan} prefetch={checkout.prefetch} />
      <FeaturesSection />
      <WhyChooseSection />
      <PricingSection onChoosePlan={checkout.choosePlan} prefetch={checkout.prefetch} />
      <VideosSection />
      <SetupSection />
      <ChatSupportButton />
      {checkout.dialogs}
    </PublicPage>
  );
}
