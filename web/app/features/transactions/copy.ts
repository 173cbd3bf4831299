// Transactions History's words (and the customer's refund request), English and Khmer (namespace
// "transactions"; the Khmer arrives with the rest of the Khmer copy when Khmer is chosen, lib/i18n.ts).
import { registerNamespace, useTranslation } from "~/lib/i18n";
import enTransactions from "~/locales/en/transactions.json";

import "~/components/data-table/copy";

registerNamespace("transactions", { en: enTransactions });

export const useTransactionsCopy = () => useTranslation("transactions");
