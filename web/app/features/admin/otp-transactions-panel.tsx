import { useState, type ReactNode } from "react";
import { ArrowRightIcon, BadgeDollarSignIcon, InboxIcon, ReceiptTextIcon, SearchXIcon } from "lucide-react";

import { DataTable } from "~/components/data-table/data-table";
import { loadErrorState, useErrorToast, usePagedSearch, type ListState } from "~/components/data-table/list-state";
import { DashboardPage } from "~/components/dashboard/page-header";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { SearchInput } from "~/components/ui/search-input";
import { Skeleton } from "~/components/ui/skeleton";
import { TableCell, TableRow } from "~/components/ui/table";
import { useDates } from "~/lib/dates";
import { isFiltered, quickRange, rangeToQuery, type DateRange } from "~/features/otp-mail/date-range";
import { DateRangeFilter } from "~/features/otp-mail/date-range-filter";
import { formatMoney } from "../../../../contracts/money";
import { OtpStatusBadge } from "~/features/otp-mail/otp-status-badge";

import { errorMessage } from "~/lib/errors";
import { type AdminOtpOrder } from "./api";
import { useAdminCopy } from "./copy";
import { useAdminOtpOrders } from "./queries";
import { otpServiceName } from "../../../../contracts/otp-services";

const PAGE_SIZE = 50;
const COLUMNS = ["dateTime", "gmail", "service", "price", "otp", "balanceChange", "status"] as const;

export function OtpTransactionsPanel() {
  const { t } = useAdminCopy();
  const { search, setSearch, term, page, setPage } = usePagedSearch();
  // The spec: today by default.
  const [range, setRange] = useState<DateRange>(() => quickRange("Today"));
  const query = useAdminOtpOrders({ search: term, ...rangeToQuery(range), page, pageSize: PAGE_SIZE });
  const data = query.data;
  const fetchError = t("gmail.fetchError");
  useErrorToast("admin-otp-error", fetchError, query.error, errorMessage);

  let state: ListState | null = null;
  if (!data && query.isError) {
    state = loadErrorState(fetchError, errorMessage(query.error), () => void query.refetch());
  } else if (data?.orders.length === 0) {
    state =
      term || isFiltered(range)
        ? { icon: SearchXIcon, title: t("gmail.notFound"), body: <p>{t("gmail.notFoundBody")}</p> }
        : { icon: InboxIcon, title: t("gmail.empty"), body: <p>{t("gmail.emptyBody")}</p> };
  }

  return (
    <DashboardPage
      title={t("gmail.title")}
      description={t("gmail.description")}
      badge={
        <Badge variant="secondary" className="tabular-nums" data-testid="otp-count-badge">
          {data ? t("gmail.count", { count: data.total }) : "…"}
        </Badge>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2" aria-live="polite">
        <FigureCard icon={ReceiptTextIcon} title={t("gmail.totalSpent")} testId="otp-total-spent" hint={t("gmail.totalSpentHint")}>
          {data ? formatMoney(data.totalSpentMills) : null}
        </FigureCard>
        <FigureCard
          icon={BadgeDollarSignIcon}
          title={t("gmail.totalRevenue")}
          testId="otp-total-revenue"
          hint={data ? t("gmail.totalRevenueHintCount", { count: data.successCount }) : t("gmail.totalRevenueHint")}
        >
          {data ? formatMoney(data.totalRevenueMills, { decimals: 3 }) : null}
        </FigureCard>
      </div>

      <Card className="gap-0 overflow-hidden py-0">
        <div className="flex flex-col gap-4 border-b px-4 py-4 sm:px-6">
          <SearchInput
            label={t("gmail.search")}
            placeholder={t("gmail.searchPlaceholder")}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            pending={query.isFetching && term !== ""}
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
        <DataTable
          columns={COLUMNS.map((key) => t(`gmail.columns.${key}`))}
          caption={t("gmail.caption")}
          scrollLabel={t("gmail.scrollLabel")}
          className="min-w-[56rem]"
          rows={data?.orders}
          renderRow={(order) => <OtpRow key={order.id} order={order} />}
          state={state}
          busy={query.isFetching && query.isPlaceholderData}
          loadingLabel={t("gmail.loading")}
          pagination={data && { page, pageSize: PAGE_SIZE, total: data.total, noun: t("gmail.noun"), label: t("gmail.pages"), onPageChange: setPage }}
        />
      </Card>
    </DashboardPage>
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
  const { t } = useAdminCopy();
  const { formatDate, formatTime } = useDates();
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
            {t("gmail.id")} <span className="font-mono">{order.supplierRef ?? order.id}</span>
          </span>
          {order.userEmail ? <span className="text-xs text-muted-foreground">{order.userEmail}</span> : null}
        </div>
      </TableCell>
      <TableCell translate="no">{otpServiceName(order.service)}</TableCell>
      <TableCell className="tabular-nums">{formatMoney(order.priceMills)}</TableCell>
      <TableCell className="font-mono text-xs">{order.codes ? order.codes.split(",").join(", ") : <span className="text-muted-foreground">—</span>}</TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">
        {formatMoney(order.balanceBeforeMills)}
        <ArrowRightIcon className="mx-1 inline size-3.5 text-muted-foreground" aria-label={t("gmail.to")} />
        {formatMoney(order.balanceAfterMills)}
      </TableCell>
      <TableCell className="pr-4 sm:pr-6">
        <OtpStatusBadge status={order.status} reason={order.failureReason} />
      </TableCell>
    </TableRow>
  );
}
