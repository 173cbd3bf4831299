import { useEffect, useState, type ReactNode } from "react";
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  ReceiptTextIcon,
  RotateCwIcon,
  SearchXIcon,
  DownloadIcon,
  TriangleAlertIcon,
  WalletIcon,
  type LucideIcon,
} from "lucide-react";
import { toast } from "sonner";

import { PageHeader } from "~/components/dashboard/page-header";
import { DateRangePicker, dayRangeToQuery, todayRange, type DayRange } from "~/components/date-range-picker";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { SearchInput } from "~/components/ui/search-input";
import { Skeleton } from "~/components/ui/skeleton";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { errorMessage } from "~/features/licenses/api";
import { formatDate, formatDateTime, formatTime } from "~/features/licenses/format";
import { KeyText } from "~/features/licenses/key-text";
import { ListMessage, TableMessage } from "~/features/licenses/table-message";
import { useDebouncedValue } from "~/features/licenses/use-debounced-value";
import { formatMoney } from "~/features/otp-mail/money";
import type { Order } from "~/features/payments/api";
import { useOrders } from "~/features/payments/queries";
import { useMe } from "~/features/session/queries";
import { useIsMobile } from "~/hooks/use-mobile";
import { cn } from "~/lib/utils";

import { TransactionStatusBadge } from "./transaction-status-badge";

const COLUMNS = ["Date", "Email", "Plan", "Amount", "Status", "Buy Key"] as const;
export const PAGE_SIZE = 20;
export const SEARCH_TRANSACTIONS_PLACEHOLDER = "Search by email or buy key...";
export const NO_TRANSACTIONS = "No transactions found";

function countText(total: number) {
  return `${total} ${total === 1 ? "transaction" : "transactions"}`;
}

type StateMessage = { icon: LucideIcon; tone?: "neutral" | "error"; title: string; body: ReactNode };

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
  const isMobile = useIsMobile();
  const isAdmin = useMe().data?.role === "admin";
  const [search, setSearch] = useState("");
  const debouncedSearch = useDebouncedValue(search.trim(), 250);
  const [range, setRange] = useState<DayRange | null>(() => todayRange());
  const [page, setPage] = useState(1);

  // A new search starts on the first page.
  const [lastSearch, setLastSearch] = useState(debouncedSearch);
  if (lastSearch !== debouncedSearch) {
    setLastSearch(debouncedSearch);
    setPage(1);
  }

  const query = useOrders({ search: debouncedSearch, ...dayRangeToQuery(range), page, pageSize: PAGE_SIZE });
  const data = query.data;
  const orders = data?.orders;
  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const shownPage = data?.page ?? page;
  const pending = search.trim() !== debouncedSearch || (query.isFetching && query.isPlaceholderData);
  const filtered = debouncedSearch !== "" || range !== null;

  // The list shrank under the current page: go to its last page.
  useEffect(() => {
    if (data && !query.isPlaceholderData && page > pageCount) setPage(pageCount);
  }, [data, query.isPlaceholderData, page, pageCount]);

  useEffect(() => {
    if (query.isError) {
      toast.error("Failed to fetch transactions", { id: "transactions-error", description: errorMessage(query.error) });
    }
  }, [query.isError, query.error]);

  let message: StateMessage | null = null;
  if (orders === undefined && query.isError) {
    message = {
      icon: TriangleAlertIcon,
      tone: "error",
      title: "Error fetching transactions",
      body: (
        <>
          <p>{errorMessage(query.error)}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
            <RotateCwIcon aria-hidden="true" />
            Try again
          </Button>
        </>
      ),
    };
  } else if (orders?.length === 0) {
    message = filtered
      ? {
          icon: SearchXIcon,
          title: NO_TRANSACTIONS,
          body: (
            <>
              <p>Nothing matches these filters. Try other dates or clear them to see every payment.</p>
              {range ? (
                <Button variant="outline" size="sm" className="mt-3" onClick={() => changeRange(null)}>
                  Show all dates
                </Button>
              ) : null}
            </>
          ),
        }
      : { icon: ReceiptTextIcon, title: NO_TRANSACTIONS, body: <p>Plan purchases and balance top-ups appear here.</p> };
  }

  function changeRange(next: DayRange | null) {
    setRange(next);
    setPage(1);
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Transactions History"
        description={isAdmin ? "Every customer's payments for plans and balance top-ups." : "Your payments for plans and balance top-ups."}
        actions={
          isAdmin ? (
            <Button asChild variant="outline" size="sm">
              {/* The server streams every row matching these filters (admins only). */}
              <a href={csvExportUrl(debouncedSearch, range)} download data-testid="transactions-export">
                <DownloadIcon aria-hidden="true" />
                Export CSV
              </a>
            </Button>
          ) : undefined
        }
        badge={
          <Badge variant="secondary" className="rounded-full px-2.5 text-sm tabular-nums" data-testid="transactions-count" aria-live="polite">
            {data ? countText(total) : "…"}
          </Badge>
        }
      />

      <Card className="max-w-sm gap-2 py-5" data-testid="total-paid-card">
        <div className="flex items-center justify-between gap-3 px-5">
          <h2 className="text-sm font-medium text-muted-foreground">Total Amount Paid</h2>
          <span className="flex size-8 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 dark:bg-emerald-400/10 dark:text-emerald-300">
            <WalletIcon className="size-4" aria-hidden="true" />
          </span>
        </div>
        <div className="px-5 text-3xl font-bold tracking-tight tabular-nums" data-testid="total-paid" aria-live="polite">
          {data ? formatMoney(data.totalPaidMills) : query.isError ? "—" : <Skeleton className="h-9 w-28" />}
        </div>
        <p className="px-5 text-xs text-muted-foreground">Paid transactions matching the filters</p>
      </Card>

      <Card className="gap-0 overflow-hidden py-0">
        <div className="flex flex-col gap-4 border-b px-4 py-4 sm:px-6 lg:flex-row lg:items-end lg:justify-between">
          <div className="grid gap-1.5 lg:w-[22rem]">
            <label id="transactions-search-label" htmlFor="transactions-search" className="text-sm font-medium">
              Search
            </label>
            <SearchInput
              id="transactions-search"
              label="Search"
              aria-labelledby="transactions-search-label"
              placeholder={SEARCH_TRANSACTIONS_PLACEHOLDER}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              pending={pending}
              maxLength={200}
            />
          </div>
          <DateRangePicker value={range} onChange={changeRange} />
        </div>

        {isMobile ? (
          <div aria-busy={pending || undefined} className={cn("transition-opacity", pending && orders && "opacity-60")}>
            {message ? (
              <ListMessage icon={message.icon} tone={message.tone} title={message.title}>
                {message.body}
              </ListMessage>
            ) : orders ? (
              <TransactionCardList orders={orders} />
            ) : (
              <div role="status" className="grid gap-3 px-4 py-6">
                <span className="sr-only">Loading transactions</span>
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-4 w-1/2" />
              </div>
            )}
          </div>
        ) : (
          <Table
            aria-busy={pending || undefined}
            className="min-w-[50rem]"
            containerClassName="@container"
            scrollLabel="Transactions table"
          >
            <TableCaption className="sr-only">Payments, newest first.</TableCaption>
            <TableHeader className="bg-muted/40">
              <TableRow className="hover:bg-transparent">
                {COLUMNS.map((column) => (
                  <TableHead
                    key={column}
                    className={cn("first:pl-4 last:pr-4 sm:first:pl-6 sm:last:pr-6", column === "Amount" && "text-right")}
                  >
                    {column}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody className={cn("transition-opacity", pending && orders && "opacity-60")}>
              {message ? (
                <TableMessage colSpan={COLUMNS.length} icon={message.icon} tone={message.tone} title={message.title}>
                  {message.body}
                </TableMessage>
              ) : orders ? (
                orders.map((order) => <TransactionRow key={order.id} order={order} />)
              ) : (
                <SkeletonRows />
              )}
            </TableBody>
          </Table>
        )}

        {total > PAGE_SIZE ? (
          <nav
            aria-label="Transactions pages"
            className="flex flex-col items-center justify-between gap-3 border-t px-4 py-3 text-sm sm:flex-row sm:px-6"
          >
            <p className="text-muted-foreground">
              Showing {(shownPage - 1) * PAGE_SIZE + 1} to {Math.min(shownPage * PAGE_SIZE, total)} of {total}
            </p>
            <div className="flex items-center gap-2">
              <Button variant="outline" size="sm" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1}>
                <ChevronLeftIcon aria-hidden="true" />
                Previous
              </Button>
              <span className="min-w-24 text-center tabular-nums" aria-live="polite">
                Page {shownPage} of {pageCount}
              </span>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setPage((p) => Math.min(pageCount, p + 1))}
                disabled={page >= pageCount}
              >
                Next
                <ChevronRightIcon aria-hidden="true" />
              </Button>
            </div>
          </nav>
        ) : null}
      </Card>
    </div>
  );
}

function Amount({ order }: { order: Order }) {
  return (
    <span className="whitespace-nowrap tabular-nums">
      {formatMoney(order.amountMills)} <span className="text-xs text-muted-foreground">{order.currency}</span>
    </span>
  );
}

function BuyKey({ order }: { order: Order }) {
  return order.buyKey ? (
    <KeyText value={order.buyKey} className="block max-w-[10rem] min-w-[7.5rem]" />
  ) : (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">None</span>
    </span>
  );
}

function TransactionRow({ order }: { order: Order }) {
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
      <TableCell className="whitespace-nowrap">{order.planTitle}</TableCell>
      <TableCell className="text-right">
        <Amount order={order} />
      </TableCell>
      <TableCell>
        <TransactionStatusBadge status={order.status} />
      </TableCell>
      <TableCell className="pr-4 sm:pr-6">
        <BuyKey order={order} />
      </TableCell>
    </TableRow>
  );
}

function SkeletonRows() {
  return (
    <>
      {Array.from({ length: 4 }, (_, row) => (
        <TableRow key={row} className="hover:bg-transparent">
          {COLUMNS.map((column, index) => (
            <TableCell key={column} className="first:pl-4 last:pr-4 sm:first:pl-6 sm:last:pr-6">
              {index === 0 && row === 0 ? <span className="sr-only">Loading transactions</span> : null}
              <Skeleton className={cn("h-4", column === "Email" ? "w-40" : column === "Buy Key" ? "w-28" : "w-16")} />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

/** Phones: one card per payment instead of the wide table. */
function TransactionCardList({ orders }: { orders: Order[] }) {
  return (
    <ul aria-label="Transactions, newest first" className="divide-y">
      {orders.map((order) => (
        <li key={order.id} className="grid gap-3 px-4 py-4" data-status={order.status}>
          <div className="flex items-start justify-between gap-3">
            <div className="grid min-w-0 gap-0.5">
              <span className="font-medium">{order.planTitle}</span>
              <time dateTime={order.createdAt} className="text-sm text-muted-foreground">
                {formatDateTime(order.createdAt)}
              </time>
            </div>
            <div className="grid justify-items-end gap-1">
              <span className="font-semibold">
                <Amount order={order} />
              </span>
              <TransactionStatusBadge status={order.status} />
            </div>
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-muted-foreground">Email</dt>
            <dd className="break-words">{order.email}</dd>
            <dt className="text-muted-foreground">Buy Key</dt>
            <dd>
              <BuyKey order={order} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
