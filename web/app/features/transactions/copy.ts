// Transactions History's words, English and Khmer (namespace "transactions"; the Khmer arrives with
// the rest of the Khmer copy when Khmer is chosen, lib/i18n.ts). The refund dialogs' words are
// namespace "refunds" (./refunds-copy.ts), loaded with the dialogs (issue #28 item 5).
import { registerNamespace, useTranslation } from "~/lib/i18n";
import enTransactions from "~/locales/en/transactions.json";

import "~/components/data-table/copy";

registerNamespace("transactions", { en: enTransactions });

export const useTransactionsCopy = () => useTranslation("transactions");
