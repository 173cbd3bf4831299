// Transactions History's columns and cells (the shadcn data table's columns): a table row on wide
// screens, a card on phones.
import { isBulkOrder } from "../../../../contracts/bulk-order";
import { itemTitle } from "~/features/payments/item-title";
import { DownloadIcon } from "lucide-react";
import { hasPaymentReceipt, receiptFileName, receiptPdfPath } from "../../../../contracts/receipts";
import { Button } from "~/components/ui/button";
import { TableCell, TableRow } from "~/components/ui/table";
import { useDates } from "~/lib/dates";
import { KeyText } from "~/components/key-text";
import { WrittenText } from "~/components/written-text";
import { Trans } from "~/lib/i18n";
import { formatMoney } from "../../../../contracts/money";
import type { Order } from "~/features/payments/api";
import { useTransactionsCopy } from "./copy";
import { TransactionStatusBadge } from "./transaction-status-badge";
import { OrderActions, type RowActions } from "./transaction-row-actions";

export const COLUMNS: readonly { key: string; className?: string; skeletonClassName?: string }[] = [
  { key: "date" },
  { key: "email", skeletonClassName: "h-4 w-40" },
  { key: "plan" },
  { key: "amount", className: "text-right" },
  { key: "status" },
  { key: "buyKey", skeletonClassName: "h-4 w-28" },
  { key: "receipt", className: "text-right", skeletonClassName: "ml-auto h-8 w-24" },
  { key: "actions", className: "text-right" },
];

/** Refunded so far, and where the customer's money-back request stands. */
function RefundNote({ order }: { order: Order }) {
  const { t } = useTransactionsCopy();
  const request = order.refundRequest;
  return (
    <>
      {order.refundedMills > 0 && order.refundedMills < order.amountMills ? (
        <span className="block text-xs text-muted-foreground" data-testid="refunded-amount">
          {t("refundedAmount", { amount: formatMoney(order.refundedMills) })}
        </span>
      ) : null}
      {request?.status === "open" ? (
        <span className="block text-xs text-amber-700 dark:text-amber-300" data-testid="refund-request-status">
          {t("refundRequested")}
        </span>
      ) : request?.status === "declined" && order.status === "paid" ? (
        <span className="block text-xs text-muted-foreground" data-testid="refund-request-status" title={request.decisionNote ?? undefined}>
          {request.decisionNote ? (
            <Trans t={t} i18nKey="refundDeclinedNote" values={{ note: request.decisionNote }} components={{ note: <WrittenText /> }} />
          ) : (
            t("refundDeclined")
          )}
        </span>
      ) : null}
    </>
  );
}

function Amount({ order }: { order: Order }) {
  const { t } = useTransactionsCopy();
  const discount = order.discountCode && order.discountMills ? order.discountMills : 0;
  return (
    <span className="whitespace-nowrap tabular-nums">
      {formatMoney(order.amountMills)} <span className="text-xs text-muted-foreground">{order.currency}</span>
      {/* A discount code's order (decision 077): the code and what it took off the plan's price. */}
      {discount > 0 ? (
        <span className="block text-xs text-muted-foreground" data-testid="order-discount">
          {/* The code is the seller's word, not copy: a translator leaves it as written. */}
          <Trans t={t} i18nKey="discount" values={{ code: order.discountCode, amount: formatMoney(discount) }} components={{ code: <WrittenText /> }} />
        </span>
      ) : null}
    </span>
  );
}

/** The plan, and for a gift (decision 079) whom it was for: the payer's record, without the recipient's key. */
function Item({ order }: { order: Order }) {
  const { t } = useTransactionsCopy();
  // A reseller's bulk order (decision 080): how many licences it bought, by its plan.
  const count = isBulkOrder(order) ? (
    <span className="whitespace-nowrap tabular-nums" data-testid="order-quantity">
      {" "}
      {t("quantity", { n: order.quantity })}
    </span>
  ) : null;
  if (!order.giftEmail) return <>{itemTitle(order)}{count}</>;
  return (
    <>
      {itemTitle(order)}
      {count}
      <span className="block max-w-[15rem] truncate text-xs text-muted-foreground" data-testid="order-gift" title={order.giftEmail}>
        <Trans t={t} i18nKey="giftFor" values={{ email: order.giftEmail }} components={{ email: <WrittenText /> }} />
      </span>
    </>
  );
}

function BuyKey({ order }: { order: Order }) {
  const { t } = useTransactionsCopy();
  return order.buyKey ? (
    <KeyText value={order.buyKey} className="block max-w-[10rem] min-w-[7.5rem]" />
  ) : (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t("noBuyKey")}</span>
    </span>
  );
}

/**
 * A paid (or refunded) payment's receipt as a PDF, in the language it was paid in; the server
 * decides who may have it (the owner, admins). A plain link: the browser downloads it, and
 * Enter on the focused link does too.
 */
function ReceiptDownload({ order, className }: { order: Order; className?: string }) {
  const { t } = useTransactionsCopy();
  if (!hasPaymentReceipt(order)) {
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t("noReceipt")}</span>
      </span>
    );
  }
  return (
    <Button asChild variant="outline" size="sm" className={className}>
      <a
        href={receiptPdfPath(order.id)}
        download={receiptFileName(order.tranId)}
        aria-label={t("receiptLabel", { id: order.tranId })}
        data-testid="receipt-download"
      >
        <DownloadIcon aria-hidden="true" />
        {t("receipt")}
      </a>
    </Button>
  );
}

export function TransactionRow({ order, actions }: { order: Order; actions: RowActions }) {
  const { formatDate, formatTime } = useDates();
  return (
    <TableRow data-status={order.status}>
      <TableCell className="pl-4 whitespace-nowrap sm:pl-6">
        <time dateTime={order.createdAt} className="grid">
          <span>{formatDate(order.createdAt)}</span>
          <span className="text-xs text-muted-foreground">{formatTime(order.createdAt)}</span>
        </time>
      </TableCell>
      <TableCell>
        <span className="block max-w-[15rem] truncate xl:max-w-[20rem]" title={order.email}>
          {order.email}
        </span>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <Item order={order} />
      </TableCell>
      <TableCell className="text-right">
        <Amount order={order} />
      </TableCell>
      <TableCell>
        <TransactionStatusBadge status={order.status} />
        <RefundNote order={order} />
      </TableCell>
      <TableCell>
        <BuyKey order={order} />
      </TableCell>
      <TableCell className="text-right">
        <ReceiptDownload order={order} />
      </TableCell>
      <TableCell className="pr-4 text-right sm:pr-6">
        <OrderActions order={order} actions={actions} />
      </TableCell>
    </TableRow>
  );
}

/** Phones: one card per payment instead of the wide table. */
export function TransactionCardList({ orders, actions }: { orders: Order[]; actions: RowActions }) {
  const { t } = useTransactionsCopy();
  const { formatDateTime } = useDates();
  return (
    <ul aria-label={t("panel.listLabel")} className="divide-y">
      {orders.map((order) => (
        <li key={order.id} className="grid gap-3 px-4 py-4" data-status={order.status}>
          <div className="flex items-start justify-between gap-3">
            <div className="grid min-w-0 gap-0.5">
              <span className="font-medium">
                <Item order={order} />
              </span>
              <time dateTime={order.createdAt} className="text-sm text-muted-foreground">
                {formatDateTime(order.createdAt)}
              </time>
            </div>
            <div className="grid justify-items-end gap-1">
              <span className="font-semibold">
                <Amount order={order} />
              </span>
              <TransactionStatusBadge status={order.status} />
              <RefundNote order={order} />
            </div>
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-muted-foreground">{t("columns.email")}</dt>
            <dd className="break-words">{order.email}</dd>
            <dt className="text-muted-foreground">{t("columns.buyKey")}</dt>
            <dd>
              <BuyKey order={order} />
            </dd>
          </dl>
          <div className="flex flex-wrap items-center justify-between gap-2">
            {hasPaymentReceipt(order) ? <ReceiptDownload order={order} /> : <span />}
            <OrderActions order={order} actions={actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}
