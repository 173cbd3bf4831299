import { ReceiptTextIcon } from "lucide-react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";

import { useProfileCopy } from "./copy";

/**
 * Transactions History, for customers (not in their menu: the spec's rule). Its own file, so that
 * License Keys loads only this of the profile's cards (decision 049).
 */
export function PaymentHistoryLink({ variant = "outline" }: { variant?: "outline" | "ghost" }) {
  const { t } = useProfileCopy();
  return (
    <Button asChild variant={variant} size="sm">
      <Link to="/transactions-history">
        <ReceiptTextIcon aria-hidden="true" />
        {t("apiKey.paymentHistory")}
      </Link>
    </Button>
  );
}
