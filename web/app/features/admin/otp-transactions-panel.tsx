import { useEffect, useState, type ReactNode } from "react";
import { ArrowRightIcon, BadgeDollarSignIcon, InboxIcon, ReceiptTextIcon, RotateCwIcon, SearchXIcon, TriangleAlertIcon } from "lucide-react";
import { toast } from "sonner";

import { PageHeader } from "~/components/dashboard/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { SearchInput } from "~/components/ui/search-input";
import { Skeleton } from "~/components/ui/skeleton";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDate, formatTime } from "~/features/licenses/format";
import { TableMessage } from "~/features/licenses/table-message";
import { useDebouncedValue } from "~/features/licenses/use-debounced-value";
import { isFiltered, quickRange, rangeToQuery, type DateRange } from "~/features/otp-mail/date-range";
import { DateRangeFilter } from "~/features/otp-mail/date-range-filter";
import { formatMoney } from "~/features/otp-mail/money";
import { OtpStatusBadge } from "~/features/otp-mail/otp-status-badge";
import { cn } from "~/lib/utils";

import { errorMessage, type AdminOtpOrder } from "./api";
import { formatDollars } from "./format";
import { Pagination } from "./pagination";
import { useAdminOtpOrders } from "./queries";

export const GMAIL_FETCH_ERROR = "Failed to fetch Gmail transactions";
const PAGE_SIZE = 50;
const COLUMNS = ["Date & Time", "Gmail", "Service", "Price", "OTP", "Balance Change", "Status"] as const;

export function OtpTransactionsPanel() {
  const [search, setSearch] = useState("");
  // The spec: today by default.
  const [range, setRange] = useState<DateRange>(() => quickRange("Today"));
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim());
  const query = useAdminOtpOrders({ search: debounced, ...rangeToQuery(range), page, pageSize: PAGE_SIZE });
  const data = query.data;

  useEffect(() => setPage(1), [debounced]);
  useEffect(() => {
    if (query.isError) toast.error(GMAIL_FETCH_ERROR, { id: "admin-otp-error", description: errorMessage(query.error) });
  }, [query.isError, query.error]);

  const busy = query.isFetching && query.isPlaceholderData;
  let message: { icon: typeof InboxIcon; tone?: "error"; title: string; body: ReactNode } | null = null;
  if (!data && query.isError) {
    message = {
      icon: TriangleAlertIcon,
      tone: "error",
      title: GMAIL_FETCH_ERROR,
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
  } else if (data?.orders.length === 0) {
    message =
      debounced || isFiltered(range)
        ? { icon: SearchXIcon, title: "No transactions found", body: <p>Try other words or dates, or clear the dates.</p> }
        : { icon: InboxIcon, title: "No Gmail transactions yet", body: <p>Addresses bought by customers appear here.</p> };
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Gmail OTP Transactions"
        description="Every customer's OTP mail purchases, with spending and profit."
        badge={
          <Badge variant="secondary" className="tabular-nums" data-testid="otp-count-badge">
            {data ? `${data.total} ${data.total === 1 ? "transaction" : "transactions"}` : "…"}
          </Badge>
        }
      />

      <div className="grid gap-4 sm:grid-cols-2" aria-live="polite">
        <FigureCard icon={ReceiptTextIcon} title="Total Spent" testId="otp-total-spent" hint="Paid by customers, refunds excluded">
          {data ? formatMoney(data.totalSpentMills) : null}
        </FigureCard>
        <FigureCard icon={BadgeDollarSignIcon} title="Total Revenue" testId="otp-total-revenue" hint={data ? `Profit (price − cost) on ${data.successCount} successful ${data.successCount === 1 ? "order" : "orders"}` : "Profit (price − cost) on successful orders"}>
          {data ? formatDollars(data.totalRevenueMills, 3) : null}
        </FigureCard>
      </div>

      <Card className="gap-0 overflow-hidden py-0">
        <div className="flex flex-col gap-4 border-b px-4 py-4 sm:px-6">
          <SearchInput
            label="Search Gmail transactions"
            placeholder="Search by Gmail, API key or service..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            pending={query.isFetching && debounced !== ""}
            containerClassName="max-w-md"
          />
          <DateRangeFilter
            value={range}
            onChange={(next) => {
              setRange(next);
              setPage(1);
            }}
          />
        </div>
        <Table aria-busy={busy || undefined} className="min-w-[56rem]" containerClassName="@container" scrollLabel="Gmail OTP transactions table">
          <TableCaption className="sr-only">Gmail OTP transactions of every customer, newest first.</TableCaption>
          <TableHeader className="bg-muted/40">
            <TableRow className="hover:bg-transparent">
              {COLUMNS.map((c) => (
                <TableHead key={c} className="first:pl-4 last:pr-4 sm:first:pl-6 sm:last:pr-6">
                  {c}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody className={cn("transition-opacity", busy && "opacity-60")}>
            {message ? (
              <TableMessage colSpan={COLUMNS.length} icon={message.icon} tone={message.tone} title={message.title}>
                {message.body}
              </TableMessage>
            ) : data ? (
              data.orders.map((o) => <OtpRow key={o.id} order={o} />)
            ) : (
              <SkeletonRows />
            )}
          </TableBody>
        </Table>
        {data && data.total > 0 ? (
          <Pagination page={page} pageSize={PAGE_SIZE} total={data.total} noun="transactions" label="Gmail transactions pages" onPageChange={setPage} />
        ) : null}
      </Card>
    </div>
  );
}

function FigureCard({ icon: Icon, title, hint, testId, children }: { icon: typeof InboxIcon; title: string; hint: string; testId: string; children: ReactNode }) {
  return (
    <Card className="gap-2 px-6 py-5" data-testid={testId}>
      <div className="flex items-center justify-between text-sm font-medium text-muted-foreground">
        <h2>{title}</h2>
        <Icon className="size-4" aria-hidden="true" />
      </div>
      <div className="text-2xl font-semibold tracking-tight tabular-nums">{children ?? <Skeleton className="h-8 w-24" />}</div>
      <p className="text-xs text-muted-foreground">{hint}</p>
    </Card>
  );
}

function OtpRow({ order }: { order: AdminOtpOrder }) {
  return (
    <TableRow>
      <TableCell className="pl-4 sm:pl-6">
        <time dateTime={order.createdAt} className="grid text-xs leading-5">
          <span className="whitespace-nowrap">{formatDate(order.createdAt)}</span>
          <span className="whitespace-nowrap text-muted-foreground">{formatTime(order.createdAt)}</span>
        </time>
      </TableCell>
      <TableCell>
        <div className="grid gap-0.5">
          <span className="font-mono text-xs break-all">{order.address ?? "—"}</span>
          <span className="text-xs text-muted-foreground">
            ID: <span className="font-mono">{order.supplierRef ?? order.id}</span>
          </span>
          {order.userEmail ? <span className="text-xs text-muted-foreground">{order.userEmail}</span> : null}
        </div>
      </TableCell>
      <TableCell>{order.service}</TableCell>
      <TableCell className="tabular-nums">{formatMoney(order.priceMills)}</TableCell>
      <TableCell className="font-mono text-xs">{order.codes ? order.codes.split(",").join(", ") : <span className="text-muted-foreground">—</span>}</TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">
        {formatMoney(order.balanceBeforeMills)}
        <ArrowRightIcon className="mx-1 inline size-3.5 text-muted-foreground" aria-label="to" />
        {formatMoney(order.balanceAfterMills)}
      </TableCell>
      <TableCell className="pr-4 sm:pr-6">
        <OtpStatusBadge status={order.status} reason={order.failureReason} />
      </TableCell>
    </TableRow>
  );
}

function SkeletonRows() {
  return (
    <>
      {Array.from({ length: 4 }, (_, row) => (
        <TableRow key={row} className="hover:bg-transparent">
          {COLUMNS.map((c, i) => (
            <TableCell key={c} className="first:pl-4 sm:first:pl-6">
              {i === 0 && row === 0 ? <span className="sr-only">Loading transactions</span> : null}
              <Skeleton className="h-4 w-20" />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}
