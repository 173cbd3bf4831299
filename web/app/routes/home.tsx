import { PublicPage } from "~/components/public/public-page";
import { ChatSupportButton } from "~/features/landing/chat-support-button";
import {
  FeaturesSection,
  SetupSection,
  VideosSection,
  WhyChooseSection,
} from "~/features/landing/deferred-sections";
import { Hero } from "~/features/landing/hero";
import { marketPlans, useLandingPlans } from "~/features/landing/landing-plans";
import { usePlanCheckout } from "~/features/landing/plan-checkout";
import { LandingPaymentReturn } from "~/features/payments-return/landing-payment-return";
import { PricingSection } from "~/features/landing/pricing-section";
import i18n, { registerNamespace } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import enLanding from "~/locales/en/landing.json";
import { SITE } from "../../../contracts/site";

// The landing copy comes with this route (Khmer arrives with lib/i18n's chunk when chosen).
registerNamespace("landing", { en: enLanding });

// Prerendered: everything below renders from static data (the code's plan catalogue, site config
// and bundled translations), so the HTML already carries the pricing; the seller's current prices
// replace the catalogue's on the static page and in the app (landing-plans.ts, decision 076). The static sections (all but the
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

export default function HomePage() {
  const checkout = usePlanCheckout();
  // The seller's plans (decision 076): what the static page shows first, then the server's list.
  const plans = useLandingPlans();

  return (
    <PublicPage>
      <LandingPaymentReturn />
      <Hero plans={marketPlans(plans, "local")} onChoosePlan={checkout.choosePlan} prefetch={checkout.prefetch} />
      <FeaturesSection />
      <WhyChooseSection />
      <PricingSection plans={plans} onChoosePlan={checkout.choosePlan} prefetch={checkout.prefetch} />
      <VideosSection />
      <SetupSection />
      <ChatSupportButton />
      {checkout.dialogs}
    </PublicPage>
  );
}
