// An order's amount on the admin customer view: what was paid, the discount code it used and what
// was given back.
import { Trans } from "~/lib/i18n";
import { WrittenText } from "~/components/written-text";
import { formatMoney } from "../../../../../contracts/money";
import type { CustomerOrder } from "./api";
import { useAdminCustomerCopy } from "./copy";

export function OrderAmount({ order }: { order: CustomerOrder }) {
  const { t } = useAdminCustomerCopy();
  const note = "block text-xs text-muted-foreground";
  return (
    <span className="tabular-nums">
      {formatMoney(order.amountMills)}
      {/* A discount code's order (decision 077): the code is the seller's word, left as written. */}
      {order.discountCode && order.discountMills ? (
        <span className={note} data-testid="order-discount">
          <Trans
            t={t}
            i18nKey="orders.discount"
            values={{
              code: order.discountCode,
              amount: formatMoney(order.discountMills),
            }}
            components={{ code: <WrittenText className="whitespace-nowrap" /> }}
          />
        </span>
      ) : null}
      {order.refundedMills > 0 ? (
        <span className={note}>
          {t("orders.refunded", { amount: formatMoney(order.refundedMills) })}
        </span>
      ) : null}
    </span>
  );
}
