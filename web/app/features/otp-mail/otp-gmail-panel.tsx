import { useState, type ReactNode } from "react";
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  CopyIcon,
  InboxIcon,
  Loader2Icon,
  MailPlusIcon,
  ReceiptTextIcon,
  SearchCheckIcon,
  SearchXIcon,
  WalletIcon,
} from "lucide-react";
import { toast } from "sonner";

import { useLiveConnected } from "~/features/live/account-events";
import { formatBalance } from "../../../../contracts/money";
import { MIN_BALANCE_TO_BUY_MILLS } from "../../../../contracts/otp-mail";
import { DataCards, DataTable } from "~/components/data-table/data-table";
import { loadErrorState, useErrorToast, type ListState } from "~/components/data-table/list-state";
import { pageCount as countPages } from "~/components/data-table/pagination";
import { PageHeader } from "~/components/dashboard/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { TableCell, TableRow } from "~/components/ui/table";
import { useBalance } from "~/features/profile/queries";
import { formatDate, formatDateTime, formatTime } from "~/lib/dates";
import { useIsMobile } from "~/hooks/use-mobile";
import { showErrorToast } from "~/lib/errors";
import { cn } from "~/lib/utils";

import { errorMessage } from "~/lib/errors";
import { ORDERS_PAGE_SIZE, type OtpOrder } from "./api";
import { copyWithToast, writeClipboard } from "~/lib/clipboard";
import { isFiltered, NO_RANGE, rangeToQuery, type DateRange } from "./date-range";
import { DateRangeFilter } from "./date-range-filter";
import { useBuyOtpMail, useCheckOtpMail } from "./mutations";
import { MessagesDialog } from "./messages-dialog";
import { OtpStatusBadge } from "./otp-status-badge";
import { useOtpOrders } from "./queries";

const COLUMNS = [
  { label: "Mail", skeletonClassName: "h-4 w-40" },
  "Service",
  "Price",
  "OTP",
  "Note",
  "Time",
  { label: "Action", className: "text-right", skeletonClassName: "ml-auto h-8 w-20" },
] as const;
const ERROR_TITLE = "Failed to fetch Gmail transactions";

export const NO_HISTORY = "No OTP Gmail history found";
export const NO_HISTORY_IN_RANGE = "No transactions found for selected date range";
export const INSUFFICIENT_LABEL = "Insufficient Balance (Min $0.05)";

function countText(count: number) {
  return `${count} ${count === 1 ? "transaction" : "transactions"}`;
}

export function OtpGmailPanel() {
  const [range, setRange] = useState<DateRange>(NO_RANGE);
  const [page, setPage] = useState(1);
  const isMobile = useIsMobile();
  const filtered = isFiltered(range);
  const live = useLiveConnected();
  const query = useOtpOrders({ ...rangeToQuery(range), page }, { live });
  const balance = useBalance();
  const buy = useBuyOtpMail();

  const data = query.data;
  const orders = data?.orders;
  const balanceMills = balance.data?.balanceMills;
  const canBuy = balanceMills !== undefined && balanceMills >= MIN_BALANCE_TO_BUY_MILLS;
  const pageCount = data ? countPages(data.total, ORDERS_PAGE_SIZE) : 1;
  useErrorToast("otp-orders-error", ERROR_TITLE, query.error, errorMessage);

  const busy = query.isFetching && query.isPlaceholderData;
  let message: ListState | null = null;
  if (orders === undefined && query.isError) {
    message = loadErrorState(ERROR_TITLE, errorMessage(query.error), () => void query.refetch());
  } else if (orders?.length === 0) {
    message = filtered
      ? { icon: SearchXIcon, title: NO_HISTORY_IN_RANGE, body: <p>Pick other dates, or clear them to see all your history.</p> }
      : { icon: InboxIcon, title: NO_HISTORY, body: <p>Addresses you buy with “Buy Gmail” appear here with their codes.</p> };
  }

  function changeRange(next: DateRange) {
    setRange(next);
    setPage(1);
  }

  async function buyGmail() {
    const toastId = toast.loading("Processing", { description: "Initiating Gmail purchase..." });
    try {
      const { order } = await buy.mutateAsync();
      toast.success("Gmail purchased", {
        id: toastId,
        description: order.address ? `Your address: ${order.address}` : "Your address is ready.",
      });
      setPage(1);
    } catch (error) {
      showErrorToast(error, "buy-gmail", { id: toastId });
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="OTP Gmail History"
        description="Buy a mail address for Facebook codes and read the codes that arrive."
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <Chip icon={WalletIcon} testId="balance-chip">
              Balance: {balanceMills === undefined ? (balance.isError ? "unavailable" : "…") : formatBalance(balanceMills)}
            </Chip>
            <Button onClick={() => void buyGmail()} disabled={!canBuy || buy.isPending} aria-busy={buy.isPending || undefined}>
            {buy.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <MailPlusIcon aria-hidden="true" />
            )}
            {canBuy || balance.isPending ? "Buy Gmail" : INSUFFICIENT_LABEL}
            </Button>
          </div>
        }
      />

      <Card className="gap-0 overflow-hidden py-0">
        <div className="flex flex-col gap-4 border-b px-4 py-4 sm:px-6">
          <DateRangeFilter value={range} onChange={changeRange} />
          <div className="flex flex-wrap gap-2" aria-live="polite">
            <Chip icon={ReceiptTextIcon} testId="total-spent-chip">
              Total Spent: {data ? formatBalance(data.totalSpentMills) : "…"}
              {data ? <span className="text-muted-foreground">· {countText(data.total)}</span> : null}
            </Chip>
          </div>
        </div>

        {isMobile ? (
          <DataCards
            rows={orders}
            renderCards={(list) => <OrderCardList orders={list} />}
            state={message}
            busy={busy}
            loadingLabel="Loading history"
          />
        ) : (
          <DataTable
            columns={COLUMNS}
            caption="OTP Gmail history: your bought addresses with their price, latest code and status. Select an address or a code to copy it."
            scrollLabel="OTP Gmail history table"
            className="min-w-[48rem]"
            rows={orders}
            renderRow={(order) => <OrderRow key={order.id} order={order} />}
            state={message}
            busy={busy}
            skeletonClassName="h-4 w-16"
            loadingLabel="Loading history"
          />
        )}

        {/* Its own paging: 'Page N of M' only, no totals (the chip above counts them). */}
        {data && pageCount > 1 ? (
          <nav aria-label="OTP Gmail history pages" className="flex items-center justify-end gap-2 border-t px-4 py-3 sm:px-6">
            <span className="mr-auto text-sm text-muted-foreground">
              Page {page} of {pageCount}
            </span>
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              <ChevronLeftIcon aria-hidden="true" />
              Previous
            </Button>
            <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => setPage((p) => p + 1)}>
              Next
              <ChevronRightIcon aria-hidden="true" />
            </Button>
          </nav>
        ) : null}
      </Card>
    </div>
  );
}

function Chip({
  icon: Icon,
  testId,
  children,
}: {
  icon?: typeof WalletIcon;
  testId: string;
  children: ReactNode;
}) {
  return (
    <span
      data-testid={testId}
      className="inline-flex w-fit items-center gap-1.5 rounded-full border bg-muted/40 px-3 py-1 text-sm font-medium whitespace-nowrap tabular-nums"
    >
      {Icon ? <Icon className="size-4 text-muted-foreground" aria-hidden="true" /> : null}
      {children}
    </span>
  );
}

/** Check an order's mailbox, copy a found code, and say what happened in a toast. */
function useCheckOrder(order: OtpOrder) {
  const check = useCheckOtpMail();
  const address = order.address ?? "";

  async function checkOtp() {
    const toastId = toast.loading("Checking", { description: `Checking OTP for ${address || "this order"}...` });
    try {
      const { order: result } = await check.mutateAsync(order.id);
      if (result.latestCode) {
        const copied = await writeClipboard(result.latestCode);
        toast.success(copied ? "OTP Found & Copied" : "OTP Found", {
          id: toastId,
          description: copied
            ? `Latest OTP: ${result.latestCode} (copied to clipboard)`
            : `Latest OTP: ${result.latestCode}`,
        });
      } else if (result.status === "pending") {
        toast.info("No OTP Yet", { id: toastId, description: "No code has arrived yet. Try again in a moment." });
      } else {
        toast.info("Check Complete", {
          id: toastId,
          description: result.failureReason || `The order is ${result.status}.`,
        });
      }
    } catch (error) {
      showErrorToast(error, "check-otp", { id: toastId });
    }
  }

  return { checkOtp, pending: check.isPending, address };
}

function CheckButton({ order }: { order: OtpOrder }) {
  const { checkOtp, pending, address } = useCheckOrder(order);
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={pending}
      aria-label={`Check OTP for ${address || "this order"}`}
      onClick={() => void checkOtp()}
    >
      {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <SearchCheckIcon aria-hidden="true" />}
      Check
    </Button>
  );
}

function MailCell({ order }: { order: OtpOrder }) {
  return order.address ? (
    <CopyCell text={order.address} label="Email address" ariaLabel={`Copy address ${order.address}`} className="font-mono text-xs" />
  ) : (
    <span className="text-muted-foreground">—</span>
  );
}

function OtpCell({ order }: { order: OtpOrder }) {
  return order.latestCode ? (
    <CopyCell
      text={order.latestCode}
      label="OTP"
      ariaLabel={`Copy OTP ${order.latestCode}`}
      className="font-mono font-semibold tracking-wider"
    />
  ) : (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">No code yet</span>
    </span>
  );
}

function OrderRow({ order }: { order: OtpOrder }) {
  return (
    <TableRow>
      <TableCell className="pl-4 sm:pl-6">
        <MailCell order={order} />
      </TableCell>
      <TableCell>{order.service}</TableCell>
      <TableCell className="tabular-nums">{formatBalance(order.priceMills)}</TableCell>
      <TableCell>
        <OtpCell order={order} />
      </TableCell>
      <TableCell>
        <OtpStatusBadge status={order.status} reason={order.failureReason} />
      </TableCell>
      <TableCell className="text-muted-foreground">
        <TimeText iso={order.createdAt} />
      </TableCell>
      <TableCell className="pr-4 text-right sm:pr-6">
        <div className="flex justify-end gap-1">
          <MessagesDialog order={order} />
          <CheckButton order={order} />
        </div>
      </TableCell>
    </TableRow>
  );
}

function TimeText({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="grid text-xs leading-5">
      <span className="whitespace-nowrap">{formatDate(iso)}</span>
      <span className="whitespace-nowrap">{formatTime(iso)}</span>
    </time>
  );
}

/** Phones: one card per order instead of the wide table. */
function OrderCardList({ orders }: { orders: OtpOrder[] }) {
  return (
    <ul aria-label="OTP Gmail history" className="divide-y">
      {orders.map((order) => (
        <li key={order.id} className="grid gap-3 px-4 py-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <MailCell order={order} />
            </div>
            <OtpStatusBadge status={order.status} reason={order.failureReason} />
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-muted-foreground">Service</dt>
            <dd>{order.service}</dd>
            <dt className="text-muted-foreground">Price</dt>
            <dd className="tabular-nums">{formatBalance(order.priceMills)}</dd>
            <dt className="text-muted-foreground">OTP</dt>
            <dd>
              <OtpCell order={order} />
            </dd>
            <dt className="text-muted-foreground">Time</dt>
            <dd>
              <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
            </dd>
          </dl>
          <div className="flex gap-2">
            <CheckButton order={order} />
            <MessagesDialog order={order} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Lets a long address wrap before its "@" only. */
function withBreaks(text: string) {
  const at = text.indexOf("@");
  if (at <= 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <wbr />
      {text.slice(at)}
    </>
  );
}

function CopyCell({ text, label, ariaLabel, className }: { text: string; label: string; ariaLabel: string; className?: string }) {
  return (
    <button
      type="button"
      aria-label={ariaLabel}
      title={`Copy ${label.toLowerCase()}`}
      onClick={() => void copyWithToast(text, label)}
      className={cn(
        "group inline-flex items-center gap-1.5 rounded-sm text-left outline-none hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/50",
        className,
      )}
    >
      <span className="break-normal">{withBreaks(text)}</span>
      <CopyIcon className="size-3.5 shrink-0 opacity-40 group-hover:opacity-100 group-focus-visible:opacity-100" aria-hidden="true" />
    </button>
  );
}
