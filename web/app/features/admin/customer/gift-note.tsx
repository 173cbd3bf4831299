// A gift's order on the admin customer view (decision 079): whom the payer gave the licence to,
// a link to the recipient's own page (their licence and its key are there, not on the payer's).
import { Link } from "react-router";

import { Trans } from "~/lib/i18n";
import { customerPath } from "~/lib/nav";
import type { CustomerOrder } from "./api";
import { useAdminCustomerCopy } from "./copy";

export function GiftNote({ order }: { order: CustomerOrder }) {
  const { t } = useAdminCustomerCopy();
  if (!order.giftEmail) return null;
  return (
    <span className="block text-xs text-muted-foreground" data-testid="order-gift">
      <Trans
        t={t}
        i18nKey="orders.gift"
        values={{ email: order.giftEmail }}
        components={{ email: <Link to={customerPath(order.giftEmail)} className="break-all underline underline-offset-4 hover:text-foreground" translate="no" /> }}
      />
    </span>
  );
}
