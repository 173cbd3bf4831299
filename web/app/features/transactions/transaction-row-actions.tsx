// A transaction row's actions (the shadcn data table's row actions): refund, ask for a refund, try again.
import { itemTitle } from "~/features/payments/item-title";
import { Loader2Icon, RotateCcwIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { formatMoney } from "../../../../contracts/money";
import type { Order } from "~/features/payments/api";
import { useTransactionsCopy } from "./copy";

/**
 * What a row may offer: a super-admin refunds paid orders; an owner asks within the window; an
 * owner starts a checkout that was not completed again (decision 060).
 */
export type RowActions = {
  canRefund: boolean;
  onRefund: (order: Order) => void;
  onRequest: (order: Order) => void;
  mayTryAgain: (order: Order) => boolean;
  onTryAgain: (order: Order) => void;
  /** Pointed at or focused: Try again's code starts loading before the press. */
  onTryAgainIntent?: () => void;
  /** The order whose new checkout is being prepared. */
  tryingAgain: string | null;
};

export function OrderActions({ order, actions }: { order: Order; actions: RowActions }) {
  const { t } = useTransactionsCopy();
  const refundable = order.status === "paid" && order.refundedMills < order.amountMills;
  const requestable = Boolean(order.refundRequestUntil) && order.refundRequest?.status !== "open";
  if (actions.mayTryAgain(order)) {
    const busy = actions.tryingAgain === order.id;
    return (
      <Button
        size="sm"
        variant="outline"
        onClick={() => actions.onTryAgain(order)}
        onPointerEnter={actions.onTryAgainIntent}
        onFocus={actions.onTryAgainIntent}
        disabled={actions.tryingAgain !== null}
        aria-busy={busy || undefined}
        aria-label={t("tryAgainLabel", { plan: itemTitle(order), amount: formatMoney(order.amountMills) })}
        data-testid="try-again"
      >
        {busy ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <RotateCcwIcon aria-hidden="true" />}
        {t("tryAgain")}
      </Button>
    );
  }
  if (actions.canRefund && refundable) {
    return (
      <Button size="sm" variant="outline" onClick={() => actions.onRefund(order)} aria-label={t("refundLabel", { email: order.email, id: order.tranId })}>
        {t("refund")}
      </Button>
    );
  }
  if (!actions.canRefund && requestable) {
    return (
      <Button size="sm" variant="outline" onClick={() => actions.onRequest(order)} aria-label={t("requestRefundLabel", { plan: itemTitle(order), id: order.tranId })}>
        {t("requestRefund")}
      </Button>
    );
  }
  return null;
}
