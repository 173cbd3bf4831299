// The Webhooks page's words, English and Khmer (namespace "webhooks"; the Khmer arrives with the
// rest of the Khmer copy when Khmer is chosen, lib/i18n.ts). Event types (order.paid…) stay as
// identifiers; what each means is translated (`events.<type>`, nested by the type's parts as the
// translator reads dotted keys: events.order.paid; the English repeats contracts/notifications.ts
// SHOP_EVENT_DESCRIPTIONS).
import { registerNamespace, translatorFor, useTranslation, type TFunction } from "~/lib/i18n";
import enWebhooks from "~/locales/en/webhooks.json";

import "~/components/data-table/copy";

registerNamespace("webhooks", { en: enWebhooks });

export const useWebhooksCopy = () => useTranslation("webhooks");

/** The namespace's t() in the language current at the call (toasts after an await). */
export const webhooksText = translatorFor("webhooks");

/** What an event means, in the reader's language (the server's English when the copy has no entry). */
export const eventMeaning = (t: TFunction, type: string, fallback?: string) => t(`webhooks:events.${type}`, { defaultValue: fallback ?? type });
