import { SubscriptionToolPage } from "~/features/subscription-tool/subscription-tool-page";
import { registerNamespace } from "~/lib/i18n";
import enSubscription from "~/locales/en/subscription.json";

registerNamespace("subscription", { en: enSubscription });

// The title is rendered by the page, in the reader's language.
export function meta() {
  return [{ name: "description", content: enSubscription.meta.description }];
}

/** v1: the tool's purchase page; the payment returns here. */
export default function SubscriptionToolRoute() {
  return <SubscriptionToolPage variant="v1" />;
}
