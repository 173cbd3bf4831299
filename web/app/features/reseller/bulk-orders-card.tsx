// "Bulk orders" (decision 080): each order's date, plan, size, unit price, total, status, how many
// of its licences are assigned, and its buy keys as CSV once it is paid.
import { DownloadIcon, InboxIcon } from "lucide-react";

import { formatMoney } from "../../../../contracts/money";
import { planTitle } from "../../../../contracts/plan-catalogue";
import type { ListState } from "~/components/data-table/list-state";
import { ResponsiveList } from "~/components/data-table/responsive-list";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { TableCell, TableRow } from "~/components/ui/table";
import { TransactionStatusBadge } from "~/features/transactions/transaction-status-badge";
import { useDates } from "~/lib/dates";

import { orderCsvUrl, type BulkOrder } from "./api";
import { useResellerCopy } from "./copy";

const COLUMNS = ["date", "plan", "quantity", "unitPrice", "total", "status", "assigned", "csv"] as const;

/** The order's plan in the reader's language (its length), else the title the server stored. */
export function useOrderPlan() {
  const { i18n } = useResellerCopy();
  return (order: Pick<BulkOrder, "planMonths" | "planTitle">) => (order.planMonths ? planTitle(order.planMonths, i18n.language) : order.planTitle);
}

export function BulkOrdersCard({ orders, state }: { orders: BulkOrder[] | undefined; state: ListState | null }) {
  const { t } = useResellerCopy();
  const empty: ListState | null = state ?? (orders?.length === 0 ? { icon: InboxIcon, title: t("orders.empty") } : null);
  return (
    <Card className="gap-0 overflow-hidden py-0" data-testid="bulk-orders">
      <CardHeader className="py-5">
        <CardTitle>
          <h2>{t("orders.title")}</h2>
        </CardTitle>
        <CardDescription>{t("orders.description")}</CardDescription>
      </CardHeader>
      <ResponsiveList
        columns={COLUMNS.map((key) => ({ label: t(`orders.columns.${key}`), className: key === "total" || key === "unitPrice" ? "text-right" : undefined }))}
        caption={t("orders.caption")}
        scrollLabel={t("orders.scrollLabel")}
        className="min-w-[56rem]"
        rows={orders}
        renderRow={(order) => <OrderRow key={order.id} order={order} />}
        renderCards={(list) => (
          <ul aria-label={t("orders.title")} className="divide-y border-t">
            {list.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </ul>
        )}
        state={empty}
        loadingLabel={t("orders.loading")}
      />
    </Card>
  );
}

function useOrderText(order: BulkOrder) {
  const { t } = useResellerCopy();
  const { formatDate } = useDates();
  const plan = useOrderPlan();
  return {
    t,
    date: formatDate(order.createdAt),
    plan: plan(order),
    unit: formatMoney(order.unitPriceMills),
    total: formatMoney(order.amountMills),
    refunded: order.refundedMills > 0 && order.status !== "refunded" ? t("orders.refunded", { amount: formatMoney(order.refundedMills) }) : null,
    assigned: t("orders.assigned", { assigned: order.assigned, total: order.quantity }),
    revoked: order.revoked > 0 ? t("orders.revoked", { n: order.revoked }) : null,
  };
}

function CsvLink({ order }: { order: BulkOrder }) {
  const { t } = useResellerCopy();
  if (order.status !== "paid") return <span className="text-muted-foreground" aria-hidden="true">—</span>;
  return (
    <Button asChild size="sm" variant="outline">
      <a href={orderCsvUrl(order.id)} download aria-label={t("orders.downloadCsvLabel", { id: order.tranId })} data-testid="order-csv">
        <DownloadIcon aria-hidden="true" />
        {t("orders.downloadCsv")}
      </a>
    </Button>
  );
}

function Assigned({ text }: { text: ReturnType<typeof useOrderText> }) {
  return (
    <span className="grid">
      <span className="tabular-nums" data-testid="order-assigned">
        {text.assigned}
      </span>
      {text.revoked ? <span className="text-xs text-muted-foreground">{text.revoked}</span> : null}
    </span>
  );
}

function OrderRow({ order }: { order: BulkOrder }) {
  const text = useOrderText(order);
  return (
    <TableRow data-testid="bulk-order" data-order={order.id}>
      <TableCell className="pl-4 whitespace-nowrap sm:pl-6">{text.date}</TableCell>
      <TableCell className="font-medium">{text.plan}</TableCell>
      <TableCell className="tabular-nums" data-testid="order-quantity">
        {order.quantity}
      </TableCell>
      <TableCell className="text-right tabular-nums">{text.unit}</TableCell>
      <TableCell className="text-right tabular-nums">
        <span className="font-medium">{text.total}</span>
        {text.refunded ? <span className="block text-xs text-muted-foreground">{text.refunded}</span> : null}
      </TableCell>
      <TableCell>
        <TransactionStatusBadge status={order.status} />
      </TableCell>
      <TableCell>
        <Assigned text={text} />
      </TableCell>
      <TableCell className="pr-4 sm:pr-6">
        <CsvLink order={order} />
      </TableCell>
    </TableRow>
  );
}

function OrderCard({ order }: { order: BulkOrder }) {
  const text = useOrderText(order);
  const { t } = text;
  return (
    <li className="grid gap-3 px-4 py-4" data-testid="bulk-order" data-order={order.id}>
      <div className="flex items-start justify-between gap-3">
        <span className="grid">
          <span className="font-medium">{t("buy.item", { n: order.quantity, plan: text.plan })}</span>
          <span className="text-xs text-muted-foreground">{text.date}</span>
        </span>
        <TransactionStatusBadge status={order.status} />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("orders.columns.unitPrice")}</dt>
        <dd className="tabular-nums">{text.unit}</dd>
        <dt className="text-muted-foreground">{t("orders.columns.total")}</dt>
        <dd className="tabular-nums">{text.refunded ? `${text.total} · ${text.refunded}` : text.total}</dd>
        <dt className="text-muted-foreground">{t("orders.columns.assigned")}</dt>
        <dd>
          <Assigned text={text} />
        </dd>
      </dl>
      {order.status === "paid" ? (
        <div>
          <CsvLink order={order} />
        </div>
      ) : null}
    </li>
  );
}
