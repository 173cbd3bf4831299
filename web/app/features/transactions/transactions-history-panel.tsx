import { useEffect, useState } from "react";
import { itemTitle } from "~/features/payments/copy";
import { ReceiptTextIcon, SearchXIcon, DownloadIcon, WalletIcon, RotateCcwIcon, Loader2Icon } from "lucide-react";

import { hasPaymentReceipt, receiptFileName, receiptPdfPath } from "../../../../contracts/receipts";

import { DataCards, DataTable } from "~/components/data-table/data-table";
import { loadErrorState, useErrorToast, usePagedSearch, type ListState } from "~/components/data-table/list-state";
import { pageCount as countPages, Pagination } from "~/components/data-table/pagination";
import { PageHeader } from "~/components/dashboard/page-header";
import { DateRangePicker, dayRangeToQuery, todayRange, type DayRange } from "~/components/date-range-picker";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { SearchInput } from "~/components/ui/search-input";
import { Skeleton } from "~/components/ui/skeleton";
import { TableCell, TableRow } from "~/components/ui/table";
import { errorMessage } from "~/lib/errors";
import { useDates } from "~/lib/dates";
import { KeyText } from "~/components/key-text";
import { formatMoney } from "../../../../contracts/money";
import type { Order } from "~/features/payments/api";
import { useOrders } from "~/features/payments/queries";
import { useCheckout } from "~/features/payments/use-checkout";
import { getActiveQueryClient } from "~/lib/query-client-ref";
import { useMe } from "~/features/session/queries";
import { useIsMobile } from "~/hooks/use-mobile";

import { RefundOrderDialog, RequestRefundDialog } from "~/features/transactions/refund-dialogs";

import { useTransactionsCopy } from "./copy";
import { TransactionStatusBadge } from "./transaction-status-badge";
import { canTryAgain, tryAgainRequest } from "./try-again";

/**
 * What a row may offer: a super-admin refunds paid orders; an owner asks within the window; an
 * owner starts a checkout that was not completed again (decision 060).
 */
type RowActions = {
  canRefund: boolean;
  onRefund: (order: Order) => void;
  onRequest: (order: Order) => void;
  mayTryAgain: (order: Order) => boolean;
  onTryAgain: (order: Order) => void;
  /** The order whose new checkout is being prepared. */
  tryingAgain: string | null;
};

const COLUMNS: readonly { key: string; className?: string; skeletonClassName?: string }[] = [
  { key: "date" },
  { key: "email", skeletonClassName: "h-4 w-40" },
  { key: "plan" },
  { key: "amount", className: "text-right" },
  { key: "status" },
  { key: "buyKey", skeletonClassName: "h-4 w-28" },
  { key: "receipt", className: "text-right", skeletonClassName: "ml-auto h-8 w-24" },
  { key: "actions", className: "text-right" },
];
export const PAGE_SIZE = 20;

function csvExportUrl(search: string, range: Parameters<typeof dayRangeToQuery>[0]): string {
  const params = new URLSearchParams();
  if (search) params.set("search", search);
  for (const [key, value] of Object.entries(dayRangeToQuery(range))) if (value) params.set(key, value);
  const query = params.toString();
  return `/api/admin/orders.csv${query ? `?${query}` : ""}`;
}

/**
 * Transactions History: the user's own payments (admins: everybody's), searched by e-mail or buy
 * key, within a range of days (today by default). The server filters, counts, totals and pages.
 */
export function TransactionsHistoryPanel() {
  const { t } = useTransactionsCopy();
  const isMobile = useIsMobile();
  const me = useMe().data;
  const isAdmin = me?.role === "admin";
  const [refunding, setRefunding] = useState<Order | null>(null);
  const [requesting, setRequesting] = useState<Order | null>(null);
  // Here, not in a row: the new checkout is watched after the list refreshes under it.
  const checkout = useCheckout();
  const [tryingAgain, setTryingAgain] = useState<string | null>(null);
  async function tryAgain(order: Order) {
    setTryingAgain(order.id);
    try {
      if (await checkout.prepare(() => tryAgainRequest(order))) {
        checkout.launch();
        // The new checkout is in the list at once (Pending), above the one not completed.
        void getActiveQueryClient()?.invalidateQueries({ queryKey: ["orders"] });
      }
    } finally {
      setTryingAgain(null);
    }
  }
  const actions: RowActions = {
    canRefund: isAdmin && me?.superAdmin === true,
    onRefund: setRefunding,
    onRequest: setRequesting,
    mayTryAgain: (order) => canTryAgain(order, { isAdmin, email: me?.email }),
    onTryAgain: (order) => void tryAgain(order),
    tryingAgain,
  };
  // A new search starts on the first page.
  const { search, setSearch, term, typing, page, setPage } = usePagedSearch(250);
  const [range, setRange] = useState<DayRange | null>(() => todayRange());

  const query = useOrders({ search: term, ...dayRangeToQuery(range), page, pageSize: PAGE_SIZE });
  const data = query.data;
  const orders = data?.orders;
  const total = data?.total ?? 0;
  const pageCount = countPages(total, PAGE_SIZE);
  const shownPage = data?.page ?? page;
  const pending = typing || (query.isFetching && query.isPlaceholderData);
  const filtered = term !== "" || range !== null;

  // The list shrank under the current page: go to its last page.
  useEffect(() => {
    if (data && !query.isPlaceholderData && page > pageCount) setPage(pageCount);
  }, [data, query.isPlaceholderData, page, pageCount]);

  useErrorToast("transactions-error", t("panel.fetchFailed"), query.error, errorMessage);

  let message: ListState | null = null;
  if (orders === undefined && query.isError) {
    message = loadErrorState(t("panel.loadError"), errorMessage(query.error), () => void query.refetch());
  } else if (orders?.length === 0) {
    message = filtered
      ? {
          icon: SearchXIcon,
          title: t("panel.empty"),
          body: (
            <>
              <p>{t("panel.emptyFiltered")}</p>
              {range ? (
                <Button variant="outline" size="sm" className="mt-3" onClick={() => changeRange(null)}>
                  {t("panel.showAllDates")}
                </Button>
              ) : null}
            </>
          ),
        }
      : { icon: ReceiptTextIcon, title: t("panel.empty"), body: <p>{t("panel.emptyBody")}</p> };
  }

  function changeRange(next: DayRange | null) {
    setRange(next);
    setPage(1);
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t("page.title")}
        description={isAdmin ? t("page.adminDescription") : t("page.description")}
        actions={
          isAdmin ? (
            <Button asChild variant="outline" size="sm">
              {/* The server streams every row matching these filters (admins only). */}
              <a href={csvExportUrl(term, range)} download data-testid="transactions-export">
                <DownloadIcon aria-hidden="true" />
                {t("page.exportCsv")}
              </a>
            </Button>
          ) : undefined
        }
        badge={
          <Badge variant="secondary" className="rounded-full px-2.5 text-sm tabular-nums" data-testid="transactions-count" aria-live="polite">
            {data ? t("count", { count: total }) : "…"}
          </Badge>
        }
      />

      <Card className="max-w-sm gap-2 py-5" data-testid="total-paid-card">
        <div className="flex items-center justify-between gap-3 px-5">
          <h2 className="text-sm font-medium text-muted-foreground">{t("totalPaid.title")}</h2>
          <span className="flex size-8 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 dark:bg-emerald-400/10 dark:text-emerald-300">
            <WalletIcon className="size-4" aria-hidden="true" />
          </span>
        </div>
        <div className="px-5 text-3xl font-bold tracking-tight tabular-nums" data-testid="total-paid" aria-live="polite">
          {data ? formatMoney(data.totalPaidMills) : query.isError ? "—" : <Skeleton className="h-9 w-28" />}
        </div>
        <p className="px-5 text-xs text-muted-foreground">{t("totalPaid.note")}</p>
      </Card>

      <Card className="gap-0 overflow-hidden py-0">
        <div className="flex flex-col gap-4 border-b px-4 py-4 sm:px-6 lg:flex-row lg:items-end lg:justify-between">
          <div className="grid gap-1.5 lg:w-[22rem]">
            <label id="transactions-search-label" htmlFor="transactions-search" className="text-sm font-medium">
              {t("panel.search")}
            </label>
            <SearchInput
              id="transactions-search"
              label={t("panel.search")}
              aria-labelledby="transactions-search-label"
              placeholder={t("panel.searchPlaceholder")}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              pending={pending}
              maxLength={200}
            />
          </div>
          <DateRangePicker value={range} onChange={changeRange} />
        </div>

        {isMobile ? (
          <DataCards
            rows={orders}
            renderCards={(list) => <TransactionCardList orders={list} actions={actions} />}
            state={message}
            busy={pending}
            loadingLabel={t("panel.loading")}
          />
        ) : (
          <DataTable
            columns={COLUMNS.map(({ key, ...column }) => ({ ...column, label: t(`columns.${key}`) }))}
            caption={t("panel.caption")}
            scrollLabel={t("panel.scrollLabel")}
            className="min-w-[64rem]"
            rows={orders}
            renderRow={(order) => <TransactionRow key={order.id} order={order} actions={actions} />}
            state={message}
            busy={pending}
            skeletonClassName="h-4 w-16"
            loadingLabel={t("panel.loading")}
          />
        )}

        {total > PAGE_SIZE ? (
          <Pagination page={shownPage} pageSize={PAGE_SIZE} total={total} estimate={data?.totalIsEstimate} label={t("panel.pages")} onPageChange={setPage} />
        ) : null}
      </Card>
      <RefundOrderDialog order={refunding} onClose={() => setRefunding(null)} />
      <RequestRefundDialog order={requesting} onClose={() => setRequesting(null)} />
    </div>
  );
}

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
          {request.decisionNote ? t("refundDeclinedNote", { note: request.decisionNote }) : t("refundDeclined")}
        </span>
      ) : null}
    </>
  );
}

function OrderActions({ order, actions }: { order: Order; actions: RowActions }) {
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
        disabled={actions.tryingAgain !== null}
        aria-busy={busy || undefined}
        aria-label={t("tryAgainLabel", { plan: itemTitle(order, t), amount: formatMoney(order.amountMills) })}
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
      <Button size="sm" variant="outline" onClick={() => actions.onRequest(order)} aria-label={t("requestRefundLabel", { plan: itemTitle(order, t), id: order.tranId })}>
        {t("requestRefund")}
      </Button>
    );
  }
  return null;
}

function Amount({ order }: { order: Order }) {
  return (
    <span className="whitespace-nowrap tabular-nums">
      {formatMoney(order.amountMills)} <span className="text-xs text-muted-foreground">{order.currency}</span>
    </span>
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

function TransactionRow({ order, actions }: { order: Order; actions: RowActions }) {
  const { t } = useTransactionsCopy();
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
      <TableCell className="whitespace-nowrap">{itemTitle(order, t)}</TableCell>
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
function TransactionCardList({ orders, actions }: { orders: Order[]; actions: RowActions }) {
  const { t } = useTransactionsCopy();
  const { formatDateTime } = useDates();
  return (
    <ul aria-label={t("panel.listLabel")} className="divide-y">
      {orders.map((order) => (
        <li key={order.id} className="grid gap-3 px-4 py-4" data-status={order.status}>
          <div className="flex items-start justify-between gap-3">
            <div className="grid min-w-0 gap-0.5">
              <span className="font-medium">{itemTitle(order, t)}</span>
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
