// Transactions History (split the way shadcn splits a data table): the columns and cells in
// transactions-columns.tsx, the row actions in transaction-row-actions.tsx, the toolbar in
// transactions-toolbar.tsx.
import { Suspense, useCallback, useEffect, useState } from "react";
import { ReceiptTextIcon, SearchXIcon, WalletIcon } from "lucide-react";
import { type ListState, loadErrorState, useErrorToast, usePagedSearch } from "~/components/data-table/list-state";
import { pageCount as countPages, Pagination } from "~/components/data-table/pagination";
import { ResponsiveList } from "~/components/data-table/responsive-list";
import { DashboardPage } from "~/components/dashboard/page-header";
import { dayRangeToQuery, type DayRange, todayRange } from "~/components/date-range-picker";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { errorMessage } from "~/lib/errors";
import { formatMoney } from "../../../../contracts/money";
import type { Order } from "~/features/payments/api";
import { useOrders } from "~/features/payments/queries";
import { useMe } from "~/features/session/queries";
import { lazyNamed, useOpenedOnce } from "~/lib/lazy-component";
import { useTransactionsCopy } from "./copy";
import { canTryAgain } from "./try-again";
import { type RowActions } from "./transaction-row-actions";
import { COLUMNS, TransactionCardList, TransactionRow } from "./transactions-columns";
import { ExportCsvLink, TransactionsToolbar } from "./transactions-toolbar";

export const PAGE_SIZE = 20;

// The refund dialogs load when one is first opened (decision 073).
const RefundOrderDialog = lazyNamed(() => import("~/features/transactions/refund-dialogs"), "RefundOrderDialog");
const RequestRefundDialog = lazyNamed(() => import("~/features/transactions/refund-dialogs"), "RequestRefundDialog");
// Try again's checkout loads when the button is first pointed at, focused or pressed (issue #28 item 5).
const loadTryAgain = () => import("./try-again-checkout");
const TryAgainCheckout = lazyNamed(loadTryAgain, "TryAgainCheckout");

/**
 * Transactions History: the user's own payments (admins: everybody's), searched by e-mail or buy
 * key, within a range of days (today by default). The server filters, counts, totals and pages.
 */
export function TransactionsHistoryPanel() {
  const { t } = useTransactionsCopy();
  const me = useMe().data;
  const isAdmin = me?.role === "admin";
  const [refunding, setRefunding] = useState<Order | null>(null);
  const [requesting, setRequesting] = useState<Order | null>(null);
  const refundOpened = useOpenedOnce(refunding !== null);
  const requestOpened = useOpenedOnce(requesting !== null);
  // Here, not in a row: the new checkout is watched after the list refreshes under it.
  const [tryingAgain, setTryingAgain] = useState<Order | null>(null);
  const tryAgainUsed = useOpenedOnce(tryingAgain !== null);
  const tryAgainDone = useCallback(() => setTryingAgain(null), []);
  const actions: RowActions = {
    canRefund: isAdmin && me?.superAdmin === true,
    onRefund: setRefunding,
    onRequest: setRequesting,
    mayTryAgain: (order) => canTryAgain(order, { isAdmin, email: me?.email }),
    onTryAgain: setTryingAgain,
    onTryAgainIntent: () => void loadTryAgain(),
    tryingAgain: tryingAgain?.id ?? null,
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
    <DashboardPage
      title={t("page.title")}
      description={isAdmin ? t("page.adminDescription") : t("page.description")}
      actions={isAdmin ? <ExportCsvLink search={term} range={range} /> : undefined}
      badge={
        // On a phone the count has a line of its own from the start: "…" fitted beside the title
        // and the count did not, so the whole page moved down when the list came (CLS 0.8).
        <span className="max-sm:basis-full">
          <Badge variant="secondary" className="rounded-full px-2.5 text-sm tabular-nums" data-testid="transactions-count" aria-live="polite">
            {data ? t("count", { count: total }) : "…"}
          </Badge>
        </span>
      }
    >
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
        <TransactionsToolbar search={search} onSearch={setSearch} pending={pending} range={range} onRangeChange={changeRange} />

        <ResponsiveList
          columns={COLUMNS.map(({ key, ...column }) => ({ ...column, label: t(`columns.${key}`) }))}
          caption={t("panel.caption")}
          scrollLabel={t("panel.scrollLabel")}
          className="min-w-[64rem]"
          rows={orders}
          renderRow={(order) => <TransactionRow key={order.id} order={order} actions={actions} />}
          renderCards={(list) => <TransactionCardList orders={list} actions={actions} />}
          state={message}
          busy={pending}
          skeletonClassName="h-4 w-16"
          loadingLabel={t("panel.loading")}
        />

        {total > PAGE_SIZE ? (
          <Pagination page={shownPage} pageSize={PAGE_SIZE} total={total} estimate={data?.totalIsEstimate} label={t("panel.pages")} onPageChange={setPage} />
        ) : null}
      </Card>
      <Suspense fallback={null}>
        {refundOpened ? <RefundOrderDialog order={refunding} onClose={() => setRefunding(null)} /> : null}
        {requestOpened ? <RequestRefundDialog order={requesting} onClose={() => setRequesting(null)} /> : null}
      </Suspense>
      <Suspense fallback={null}>{tryAgainUsed ? <TryAgainCheckout order={tryingAgain} onDone={tryAgainDone} /> : null}</Suspense>
    </DashboardPage>
  );
}
