import { SubscriptionToolPage } from "~/features/subscription-tool/subscription-tool-page";
import { registerNamespace } from "~/lib/i18n";
import { BRAND_NAME } from "~/lib/nav";
import enSubscription from "~/locales/en/subscription.json";

registerNamespace("subscription", { en: enSubscription });

export function meta() {
  return [
    { title: `${enSubscription.meta.title} | ${BRAND_NAME}` },
    { name: "description", content: enSubscription.meta.description },
  ];
}

/** v1: the tool's purchase page; the payment returns here. */
export default function SubscriptionToolRoute() {
  return <SubscriptionToolPage variant="v1" />;
}
