import { ReceiptTextIcon } from "lucide-react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import "~/features/shell/copy";
import { useTranslation } from "~/lib/i18n";

/**
 * Transactions History, for customers (not in their menu: the spec's rule). Its own file, so that
 * License Keys loads only this of the profile's cards (decision 049); its words are the shell's
 * (`nav.paymentHistory`, which every dashboard page has), not Profile's whole namespace (decision 084).
 */
export function PaymentHistoryLink({ variant = "outline" }: { variant?: "outline" | "ghost" }) {
  const { t } = useTranslation("shell");
  return (
    <Button asChild variant={variant} size="sm">
      <Link to="/transactions-history">
        <ReceiptTextIcon aria-hidden="true" />
        {t("nav.paymentHistory")}
      </Link>
    </Button>
  );
}
