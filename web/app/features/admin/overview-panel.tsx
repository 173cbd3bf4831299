import { lazy, Suspense, useMemo, type ReactNode } from "react";
import {
  BadgeDollarSignIcon,
  CalendarDaysIcon,
  CalendarIcon,
  InboxIcon,
  RotateCwIcon,
  ShieldCheckIcon,
  UserCheckIcon,
  UsersIcon,
  type LucideIcon,
} from "lucide-react";

import { DataTable } from "~/components/data-table/data-table";
import { ListMessage } from "~/components/data-table/list-message";
import { loadErrorState, useErrorToast } from "~/components/data-table/list-state";
import { DashboardPage } from "~/components/dashboard/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { TableCell, TableRow } from "~/components/ui/table";
import { useDates } from "~/lib/dates";
import type { TFunction } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import { itemTitle } from "~/features/payments/item-title";

import { errorMessage } from "~/lib/errors";
import { viewerTimeZone, type Overview } from "./api";
import { formatMoney } from "../../../../contracts/money";
import { useAdminCopy } from "./copy";
import { formatChartDay } from "./format";
import { OrderStatusBadge } from "./order-status-badge";
import { useOverview } from "./queries";
import { RefundQueueCard } from "~/features/admin/refund-queue-card";
import { ShopHealthCard } from "./shop-health-card";

// recharts is large: it loads with the chart, after the cards are on screen, and only here.
const RevenueChart = lazy(() => import("./revenue-chart"));

/** A card's words are admin:overview.cards.<key>.title / .description. */
type CardSpec = { key: string; icon: LucideIcon; testId: string; value: (o: Overview) => string };
const CARDS: CardSpec[] = [
  { key: "totalUsers", icon: UsersIcon, testId: "card-total-users", value: (o) => o.cards.totalUsers.toLocaleString("en-US") },
  { key: "activeUsers", icon: UserCheckIcon, testId: "card-active-users", value: (o) => o.cards.activeUsers.toLocaleString("en-US") },
  { key: "salesToday", icon: CalendarIcon, testId: "card-sales-today", value: (o) => formatMoney(o.cards.salesTodayMills) },
  { key: "monthlySales", icon: CalendarDaysIcon, testId: "card-monthly-sales", value: (o) => formatMoney(o.cards.monthlySalesMills) },
  { key: "allTime", icon: BadgeDollarSignIcon, testId: "card-all-time", value: (o) => formatMoney(o.cards.allTimeRevenueMills) },
];

/** A market's name ('local', 'foreign') in the reader's language; another as the server named it. */
const marketName = (t: TFunction, market: string) => t(`markets.${market}`, { defaultValue: market });

export function OverviewPanel() {
  const { t } = useAdminCopy();
  const tz = useMemo(() => viewerTimeZone(), []);
  const query = useOverview(tz);
  const data = query.data;

  const statsError = t("overview.statsError");
  useErrorToast("overview-error", statsError, query.error, errorMessage);
  const failed = query.isError && !data ? loadErrorState(statsError, errorMessage(query.error), () => void query.refetch()) : null;

  return (
    <DashboardPage
      title={t("overview.title")}
      description={t("overview.description")}
      actions={
        <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching} aria-busy={query.isFetching || undefined}>
          <RotateCwIcon className={cn(query.isFetching && "animate-spin")} aria-hidden="true" />
          {t("overview.refresh")}
        </Button>
      }
    >
      {failed ? (
        <Card>
          <ListMessage icon={failed.icon} tone={failed.tone} title={failed.title}>
            {failed.body}
          </ListMessage>
        </Card>
      ) : (
        <>
          <section aria-label={t("overview.keyFigures")} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
            {CARDS.map((card) => (
              <StatCard key={card.testId} spec={card} data={data} />
            ))}
          </section>

          <div className="grid gap-4 lg:grid-cols-3">
            <Card className="lg:col-span-2">
              <CardHeader>
                <CardTitle>
                  <h2>{t("overview.revenue.title")}</h2>
                </CardTitle>
                <CardDescription>{t("overview.revenue.description", { timeZone: tz })}</CardDescription>
              </CardHeader>
              <CardContent>
                {data ? (
                  <>
                    <Suspense fallback={<Skeleton className="h-72 w-full" />}>
                      <RevenueChart days={data.revenueByDay} />
                    </Suspense>
                    <RevenueTable days={data.revenueByDay} />
                  </>
                ) : (
                  <Skeleton className="h-72 w-full" />
                )}
              </CardContent>
            </Card>
            <PlanMixCard data={data} />
          </div>

          <ShopHealthCard />
          <RefundQueueCard />
          <SuspiciousLicenses data={data} />
          <RecentTransactions data={data} />
        </>
      )}
    </DashboardPage>
  );
}

function StatCard({ spec, data }: { spec: CardSpec; data: Overview | undefined }) {
  const { t } = useAdminCopy();
  const Icon = spec.icon;
  return (
    <Card className="gap-3" data-testid={spec.testId}>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">
          <h2>{t(`overview.cards.${spec.key}.title`)}</h2>
        </CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent className="grid gap-1">
        {data ? (
          <p className="text-2xl font-semibold tracking-tight tabular-nums" data-testid={`${spec.testId}-value`}>
            {spec.value(data)}
          </p>
        ) : (
          <Skeleton className="h-8 w-24" />
        )}
        <p className="text-xs text-muted-foreground">{t(`overview.cards.${spec.key}.description`)}</p>
      </CardContent>
    </Card>
  );
}

/** The chart's figures for screen readers (the chart itself is hidden from them). */
function RevenueTable({ days }: { days: Overview["revenueByDay"] }) {
  const { t } = useAdminCopy();
  return (
    <table className="sr-only">
      <caption>{t("overview.revenue.caption")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("overview.revenue.day")}</th>
          <th scope="col">{t("overview.revenue.plans")}</th>
          <th scope="col">{t("overview.revenue.topUps")}</th>
        </tr>
      </thead>
      <tbody>
        {days.map((d) => (
          <tr key={d.day}>
            <th scope="row">{formatChartDay(d.day)}</th>
            <td>{formatMoney(d.planMills)}</td>
            <td>{formatMoney(d.topupMills)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PlanMixCard({ data }: { data: Overview | undefined }) {
  const { t } = useAdminCopy();
  const mix = data?.planMix ?? [];
  const max = Math.max(1, ...mix.map((p) => p.mills));
  const totalCount = mix.reduce((n, p) => n + p.count, 0);
  let body: ReactNode;
  if (!data) body = <Skeleton className="h-40 w-full" />;
  else if (mix.length === 0) body = <p className="text-sm text-muted-foreground">{t("overview.planMix.empty")}</p>;
  else
    body = (
      <ul className="grid gap-3" aria-label={t("overview.planMix.title")}>
        {mix.map((p) => (
          <li key={p.planId} className="grid gap-1.5">
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium">
                {itemTitle({ planTitle: p.title, planMonths: p.months })}
                {p.market ? <span className="ml-1.5 text-xs text-muted-foreground capitalize">{marketName(t, p.market)}</span> : null}
              </span>
              <span className="tabular-nums">
                {formatMoney(p.mills)} <span className="text-muted-foreground">· {t("overview.planMix.sold", { count: p.count })}</span>
              </span>
            </div>
            <div className="h-2 rounded-full bg-muted" aria-hidden="true">
              <div className="h-2 rounded-full bg-chart-2" style={{ width: `${Math.max(2, (p.mills / max) * 100)}%` }} />
            </div>
          </li>
        ))}
      </ul>
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("overview.planMix.title")}</h2>
        </CardTitle>
        <CardDescription>
          {data && totalCount ? t("overview.planMix.descriptionSold", { count: totalCount }) : t("overview.planMix.description")}
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

const COLUMNS: readonly { key: string; className?: string }[] = [
  { key: "date" },
  { key: "email" },
  { key: "plan" },
  { key: "amount", className: "text-right" },
  { key: "status" },
  { key: "buyKey" },
];

/** The columns' headers from admin:<prefix>.<key>. */
const columnsIn = (t: TFunction, prefix: string, columns: readonly { key: string; className?: string }[]) =>
  columns.map(({ key, ...column }) => ({ ...column, label: t(`${prefix}.${key}`) }));

function RecentTransactions({ data }: { data: Overview | undefined }) {
  const { t } = useAdminCopy();
  const { formatDateTime } = useDates();
  const rows = data?.recentTransactions;
  return (
    <TableCard title={t("overview.recent.title")} description={t("overview.recent.description")}>
      <DataTable
        columns={columnsIn(t, "overview.recent.columns", COLUMNS)}
        caption={t("overview.recent.caption")}
        scrollLabel={t("overview.recent.scrollLabel")}
        className="min-w-[44rem]"
        rows={rows}
        renderRow={(o) => (
          <TableRow key={o.id}>
            <TableCell className="pl-4 whitespace-nowrap text-muted-foreground sm:pl-6">
              <time dateTime={o.createdAt}>{formatDateTime(o.createdAt)}</time>
            </TableCell>
            <TableCell className="max-w-56 truncate" title={o.email}>
              {o.email}
            </TableCell>
            <TableCell>{itemTitle(o)}</TableCell>
            <TableCell className="text-right tabular-nums">
              {formatMoney(o.amountMills)} <span className="text-xs text-muted-foreground">{o.currency}</span>
            </TableCell>
            <TableCell>
              <OrderStatusBadge status={o.status} />
            </TableCell>
            <TableCell className="pr-4 font-mono text-xs sm:pr-6">{o.buyKey ?? <span className="text-muted-foreground">—</span>}</TableCell>
          </TableRow>
        )}
        state={rows?.length === 0 ? { icon: InboxIcon, title: t("overview.recent.emptyTitle"), body: <p>{t("overview.recent.emptyBody")}</p> } : null}
      />
    </TableCard>
  );
}

const SUSPICIOUS_COLUMNS: readonly { key: string; className?: string }[] = [
  { key: "owner" },
  { key: "buyKey" },
  { key: "deviceKey" },
  { key: "addresses", className: "text-right" },
  { key: "refusedKeys", className: "text-right" },
  { key: "flagged" },
];

/** Licences the abuse signals flagged in the last 24 hours: a shared buy key, or one tried on many devices. */
function SuspiciousLicenses({ data }: { data: Overview | undefined }) {
  const { t } = useAdminCopy();
  const { formatDateTime } = useDates();
  const rows = data?.suspiciousLicences;
  const limits = data?.suspicionThresholds;
  return (
    <TableCard
      title={t("overview.suspicious.title")}
      description={t("overview.suspicious.description", { addresses: limits?.addresses ?? "…", refusedKeys: limits?.refusedKeys ?? "…" })}
      testId="suspicious-licences"
    >
      <DataTable
        columns={columnsIn(t, "overview.suspicious.columns", SUSPICIOUS_COLUMNS)}
        caption={t("overview.suspicious.caption")}
        scrollLabel={t("overview.suspicious.scrollLabel")}
        className="min-w-[44rem]"
        rows={rows}
        renderRow={(s) => (
          <TableRow key={s.licenceId}>
            <TableCell className="max-w-56 truncate pl-4 sm:pl-6" title={s.email}>
              {s.email}
            </TableCell>
            <TableCell className="font-mono text-xs whitespace-nowrap">{s.buyKey}</TableCell>
            <TableCell className="max-w-48 truncate font-mono text-xs" title={s.deviceKey ?? undefined}>
              {s.deviceKey ?? <span className="text-muted-foreground">{t("table:notAvailable")}</span>}
            </TableCell>
            <TableCell className="text-right tabular-nums">{s.addresses}</TableCell>
            <TableCell className="text-right tabular-nums">{s.refusedKeys}</TableCell>
            <TableCell className="pr-4 whitespace-nowrap text-muted-foreground sm:pr-6">
              <time dateTime={s.flaggedAt}>{formatDateTime(s.flaggedAt)}</time>
            </TableCell>
          </TableRow>
        )}
        state={rows?.length === 0 ? { icon: ShieldCheckIcon, title: t("overview.suspicious.emptyTitle"), body: <p>{t("overview.suspicious.emptyBody")}</p> } : null}
      />
    </TableCard>
  );
}

/** A card whose body is a full-width table under a titled header. */
function TableCard({ title, description, testId, children }: { title: string; description: string; testId?: string; children: ReactNode }) {
  return (
    <Card className="gap-0 overflow-hidden py-0" data-testid={testId}>
      <CardHeader className="border-b py-4">
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {children}
    </Card>
  );
}
