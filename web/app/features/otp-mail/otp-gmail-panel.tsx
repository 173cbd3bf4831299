import { useState, type ReactNode } from "react";
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  CopyIcon,
  InboxIcon,
  Loader2Icon,
  ReceiptTextIcon,
  SearchCheckIcon,
  SearchXIcon,
  WalletIcon,
} from "lucide-react";
import { toast } from "~/lib/toast";

import { useLiveConnected } from "~/features/live/account-events";
import { formatMoney } from "../../../../contracts/money";
import { loadErrorState, useErrorToast, type ListState } from "~/components/data-table/list-state";
import { pageCount as countPages } from "~/components/data-table/pagination";
import { ResponsiveList } from "~/components/data-table/responsive-list";
import { DashboardPage } from "~/components/dashboard/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { TableCell, TableRow } from "~/components/ui/table";
import { useBalance } from "~/features/profile/queries";
import { useDates } from "~/lib/dates";
import type { TFunction } from "~/lib/i18n";
import { showErrorToast } from "~/lib/errors";
import { cn } from "~/lib/utils";

import { errorMessage } from "~/lib/errors";
import { ORDERS_PAGE_SIZE, type OtpOrder } from "./api";
import { useOtpCopy } from "./copy";
import { copyWithToast, writeClipboard } from "~/components/clipboard";
import { isFiltered, NO_RANGE, rangeToQuery, type DateRange } from "./date-range";
import { DateRangeFilter } from "./date-range-filter";
import { useCheckOtpMail } from "./mutations";
import { BuyGmail } from "./buy-gmail";
import { MessagesDialog } from "./messages-dialog";
import { describeStatus, OtpStatusBadge } from "./otp-status-badge";
import { useOtpOrders } from "./queries";
import { otpServiceName } from "../../../../contracts/otp-services";

const COLUMNS: readonly { key: string; className?: string; skeletonClassName?: string }[] = [
  { key: "mail", skeletonClassName: "h-4 w-40" },
  { key: "service" },
  { key: "price" },
  { key: "otp" },
  { key: "note" },
  { key: "time" },
  { key: "action", className: "text-right", skeletonClassName: "ml-auto h-8 w-20" },
];

export function OtpGmailPanel() {
  const { t } = useOtpCopy();
  const [range, setRange] = useState<DateRange>(NO_RANGE);
  const [page, setPage] = useState(1);
  const filtered = isFiltered(range);
  const live = useLiveConnected();
  const query = useOtpOrders({ ...rangeToQuery(range), page }, { live });
  const balance = useBalance();

  const data = query.data;
  const orders = data?.orders;
  const balanceMills = balance.data?.balanceMills;
  const pageCount = data ? countPages(data.total, ORDERS_PAGE_SIZE) : 1;
  useErrorToast("otp-orders-error", t("fetchFailed"), query.error, errorMessage);

  const busy = query.isFetching && query.isPlaceholderData;
  let message: ListState | null = null;
  if (orders === undefined && query.isError) {
    message = loadErrorState(t("fetchFailed"), errorMessage(query.error), () => void query.refetch());
  } else if (orders?.length === 0) {
    message = filtered
      ? { icon: SearchXIcon, title: t("emptyRange"), body: <p>{t("emptyRangeBody")}</p> }
      : { icon: InboxIcon, title: t("empty"), body: <p>{t("emptyBody")}</p> };
  }

  function changeRange(next: DateRange) {
    setRange(next);
    setPage(1);
  }

  return (
    <DashboardPage
      title={t("page.title")}
      description={t("page.description")}
      actions={
        <div className="flex flex-wrap items-end gap-2">
          <Chip icon={WalletIcon} testId="balance-chip">
            {t("balance", { amount: balanceMills === undefined ? (balance.isError ? t("balanceUnavailable") : "…") : formatMoney(balanceMills) })}
          </Chip>
          <BuyGmail balanceMills={balanceMills} balancePending={balance.isPending} onBought={() => setPage(1)} />
        </div>
      }
    >
      <Card className="gap-0 overflow-hidden py-0">
        <div className="flex flex-col gap-4 border-b px-4 py-4 sm:px-6">
          <DateRangeFilter value={range} onChange={changeRange} />
          <div className="flex flex-wrap gap-2" aria-live="polite">
            <Chip icon={ReceiptTextIcon} testId="total-spent-chip">
              {t("totalSpent", { amount: data ? formatMoney(data.totalSpentMills) : "…" })}
              {data ? <span className="text-muted-foreground">· {t("count", { count: data.total })}</span> : null}
            </Chip>
          </div>
        </div>

        <ResponsiveList
          columns={COLUMNS.map(({ key, ...column }) => ({ ...column, label: t(`columns.${key}`) }))}
          caption={t("caption")}
          scrollLabel={t("scrollLabel")}
          className="min-w-[48rem]"
          rows={orders}
          renderRow={(order) => <OrderRow key={order.id} order={order} />}
          renderCards={(list) => <OrderCardList orders={list} />}
          state={message}
          busy={busy}
          skeletonClassName="h-4 w-16"
          loadingLabel={t("loading")}
        />

        {/* Its own paging: 'Page N of M' only, no totals (the chip above counts them). */}
        {data && pageCount > 1 ? (
          <nav aria-label={t("pages")} className="flex items-center justify-end gap-2 border-t px-4 py-3 sm:px-6">
            <span className="mr-auto text-sm text-muted-foreground">
              {t("table:pagination.page", { page, pages: pageCount })}
            </span>
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              <ChevronLeftIcon aria-hidden="true" />
              {t("table:pagination.previous")}
            </Button>
            <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => setPage((p) => p + 1)}>
              {t("table:pagination.next")}
              <ChevronRightIcon aria-hidden="true" />
            </Button>
          </nav>
        ) : null}
      </Card>
    </DashboardPage>
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
  const { t } = useOtpCopy();
  const check = useCheckOtpMail();
  const address = order.address ?? "";

  async function checkOtp() {
    const toastId = toast.loading(t("check.checking"), { description: t("check.checkingText", { email: address || t("check.thisOrder") }) });
    try {
      const { order: result } = await check.mutateAsync(order.id);
      if (result.latestCode) {
        const copied = await writeClipboard(result.latestCode);
        toast.success(copied ? t("check.foundCopied") : t("check.found"), {
          id: toastId,
          description: t(copied ? "check.latestCopied" : "check.latest", { code: result.latestCode }),
        });
      } else if (result.status === "pending") {
        toast.info(t("check.noneYet"), { id: toastId, description: t("check.noneYetText") });
      } else {
        toast.info(t("check.complete"), {
          id: toastId,
          description: checkOutcome(t, result.status, result.failureReason),
        });
      }
    } catch (error) {
      showErrorToast(error, "check-otp", { id: toastId });
    }
  }

  return { checkOtp, pending: check.isPending, address };
}

/** How a check ended without a code: why the order failed, or its status (both in the reader's language). */
function checkOutcome(t: TFunction, status: string, reason: string | null | undefined) {
  if (reason) return reason === "expired" || reason === "cancelled" ? t(`reasons.${reason}`) : reason;
  return t("check.orderIs", { status: describeStatus(t, status).label });
}

function CheckButton({ order }: { order: OtpOrder }) {
  const { t } = useOtpCopy();
  const { checkOtp, pending, address } = useCheckOrder(order);
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={pending}
      aria-label={t("check.label", { email: address || t("check.thisOrder") })}
      onClick={() => void checkOtp()}
    >
      {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <SearchCheckIcon aria-hidden="true" />}
      {t("check.button")}
    </Button>
  );
}

function MailCell({ order }: { order: OtpOrder }) {
  const { t } = useOtpCopy();
  return order.address ? (
    <CopyCell
      text={order.address}
      label={t("copy.address")}
      title={t("copy.addressTitle")}
      ariaLabel={t("copy.addressLabel", { address: order.address })}
      className="font-mono text-xs"
    />
  ) : (
    <span className="text-muted-foreground">—</span>
  );
}

function OtpCell({ order }: { order: OtpOrder }) {
  const { t } = useOtpCopy();
  return order.latestCode ? (
    <CopyCell
      text={order.latestCode}
      label={t("copy.otp")}
      title={t("copy.otpTitle")}
      ariaLabel={t("copy.otpLabel", { code: order.latestCode })}
      className="font-mono font-semibold tracking-wider"
    />
  ) : (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t("copy.noCode")}</span>
    </span>
  );
}

function OrderRow({ order }: { order: OtpOrder }) {
  return (
    <TableRow>
      <TableCell className="pl-4 sm:pl-6">
        <MailCell order={order} />
      </TableCell>
      <TableCell translate="no">{otpServiceName(order.service)}</TableCell>
      <TableCell className="tabular-nums">{formatMoney(order.priceMills)}</TableCell>
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
  const { formatDate, formatTime } = useDates();
  return (
    <time dateTime={iso} className="grid text-xs leading-5">
      <span className="whitespace-nowrap">{formatDate(iso)}</span>
      <span className="whitespace-nowrap">{formatTime(iso)}</span>
    </time>
  );
}

/** Phones: one card per order instead of the wide table. */
function OrderCardList({ orders }: { orders: OtpOrder[] }) {
  const { t } = useOtpCopy();
  const { formatDateTime } = useDates();
  return (
    <ul aria-label={t("listLabel")} className="divide-y">
      {orders.map((order) => (
        <li key={order.id} className="grid gap-3 px-4 py-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <MailCell order={order} />
            </div>
            <OtpStatusBadge status={order.status} reason={order.failureReason} />
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-muted-foreground">{t("columns.service")}</dt>
            <dd translate="no">{otpServiceName(order.service)}</dd>
            <dt className="text-muted-foreground">{t("columns.price")}</dt>
            <dd className="tabular-nums">{formatMoney(order.priceMills)}</dd>
            <dt className="text-muted-foreground">{t("columns.otp")}</dt>
            <dd>
              <OtpCell order={order} />
            </dd>
            <dt className="text-muted-foreground">{t("columns.time")}</dt>
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

function CopyCell({ text, label, title, ariaLabel, className }: { text: string; label: string; title: string; ariaLabel: string; className?: string }) {
  return (
    <button
      type="button"
      aria-label={ariaLabel}
      title={title}
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
