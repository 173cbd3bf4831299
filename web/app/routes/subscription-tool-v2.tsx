import { SubscriptionToolPage } from "~/features/subscription-tool/subscription-tool-page";
import { registerNamespace } from "~/lib/i18n";
import enSubscription from "~/locales/en/subscription.json";

registerNamespace("subscription", { en: enSubscription });

// The title is rendered by the page, in the reader's language.
export function meta() {
  return [{ name: "description", content: enSubscription.meta.description }];
}

/**
 * v2: as v1, but the payment returns to /license-history, and the success also opens the mobile app
 * (payment-success://), posts PAYMENT_SUCCESS and records a local transaction.
 */
export default function SubscriptionToolV2Route() {
  return <SubscriptionToolPage variant="v2" />;
}
