// The refund dialogs' words, English and Khmer (namespace "refunds"): an admin's refund and a
// customer's refund request. Apart from Transactions History's words (./copy.ts), so that they come
// with the dialogs, not with the page (issue #28 item 5).
import { registerNamespace, useTranslation } from "~/lib/i18n";
import enRefunds from "~/locales/en/refunds.json";

registerNamespace("refunds", { en: enRefunds });

export const useRefundsCopy = () => useTranslation("refunds");
