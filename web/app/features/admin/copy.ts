// The admin console's words (Overview, Transactions Gmail, User Management, Manage Balance, Audit
// Log), English and Khmer (namespace "admin"; the Khmer arrives with the rest of the Khmer copy
// when Khmer is chosen, lib/i18n.ts). Order and licence statuses are the
// transactions and licenses namespaces'.
import { registerNamespace, translatorFor, useTranslation } from "~/lib/i18n";
import enAdmin from "~/locales/en/admin.json";

import "~/components/data-table/copy";
import "~/features/licenses/copy";
import "~/features/transactions/copy";

registerNamespace("admin", { en: enAdmin });

export const useAdminCopy = () => useTranslation("admin");

/** The admin namespace in the language current at the call (toasts, validation messages). */
export const adminText = translatorFor("admin");
