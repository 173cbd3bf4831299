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
import { PageHeader } from "~/components/dashboard/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { TableCell, TableRow } from "~/components/ui/table";
import { formatDateTime } from "~/lib/dates";
import { cn } from "~/lib/utils";

import { errorMessage } from "~/lib/errors";
import { viewerTimeZone, type Overview } from "./api";
import { formatPrice } from "../../../../contracts/money";
import { formatChartDay } from "./format";
import { OrderStatusBadge } from "./order-status-badge";
import { useOverview } from "./queries";
import { RefundQueueCard } from "~/features/refunds/refund-queue-card";

// recharts is large: it loads with the chart, after the cards are on screen, and only here.
const RevenueChart = lazy(() => import("./revenue-chart"));

export const STATS_ERROR = "Error fetching statistics";

type CardSpec = { title: string; description: string; icon: LucideIcon; testId: string; value: (o: Overview) => string };
const CARDS: CardSpec[] = [
  { title: "Total Users", description: "Registered accounts", icon: UsersIcon, testId: "card-total-users", value: (o) => o.cards.totalUsers.toLocaleString("en-US") },
  { title: "Active Users", description: "Users with valid licenses", icon: UserCheckIcon, testId: "card-active-users", value: (o) => o.cards.activeUsers.toLocaleString("en-US") },
  { title: "Sales Today", description: "Paid since midnight", icon: CalendarIcon, testId: "card-sales-today", value: (o) => formatPrice(o.cards.salesTodayMills) },
  { title: "Monthly Sales", description: "Paid this month", icon: CalendarDaysIcon, testId: "card-monthly-sales", value: (o) => formatPrice(o.cards.monthlySalesMills) },
  { title: "All-Time Revenue", description: "Total Sales", icon: BadgeDollarSignIcon, testId: "card-all-time", value: (o) => formatPrice(o.cards.allTimeRevenueMills) },
];

export function OverviewPanel() {
  const tz = useMemo(() => viewerTimeZone(), []);
  const query = useOverview(tz);
  const data = query.data;

  useErrorToast("overview-error", STATS_ERROR, query.error, errorMessage);
  const failed = query.isError && !data ? loadErrorState(STATS_ERROR, errorMessage(query.error), () => void query.refetch()) : null;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Overview"
        description="Sales statistics and recent transactions."
        actions={
          <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching} aria-busy={query.isFetching || undefined}>
            <RotateCwIcon className={cn(query.isFetching && "animate-spin")} aria-hidden="true" />
            Refresh
          </Button>
        }
      />

      {failed ? (
        <Card>
          <ListMessage icon={failed.icon} tone={failed.tone} title={failed.title}>
            {failed.body}
          </ListMessage>
        </Card>
      ) : (
        <>
          <section aria-label="Key figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
            {CARDS.map((card) => (
              <StatCard key={card.testId} spec={card} data={data} />
            ))}
          </section>

          <div className="grid gap-4 lg:grid-cols-3">
            <Card className="lg:col-span-2">
              <CardHeader>
                <CardTitle>
                  <h2>Revenue, last 30 days</h2>
                </CardTitle>
                <CardDescription>Paid orders per day of sale ({tz}), less what was refunded of them; plans and top-ups apart.</CardDescription>
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

          <RefundQueueCard />
          <SuspiciousLicences data={data} />
          <RecentTransactions data={data} />
        </>
      )}
    </div>
  );
}

function StatCard({ spec, data }: { spec: CardSpec; data: Overview | undefined }) {
  const Icon = spec.icon;
  return (
    <Card className="gap-3" data-testid={spec.testId}>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">
          <h2>{spec.title}</h2>
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
        <p className="text-xs text-muted-foreground">{spec.description}</p>
      </CardContent>
    </Card>
  );
}

/** The chart's figures for screen readers (the chart itself is hidden from them). */
function RevenueTable({ days }: { days: Overview["revenueByDay"] }) {
  return (
    <table className="sr-only">
      <caption>Revenue by day, last 30 days</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Plans</th>
          <th scope="col">Top-ups</th>
        </tr>
      </thead>
      <tbody>
        {days.map((d) => (
          <tr key={d.day}>
            <th scope="row">{formatChartDay(d.day)}</th>
            <td>{formatPrice(d.planMills)}</td>
            <td>{formatPrice(d.topupMills)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PlanMixCard({ data }: { data: Overview | undefined }) {
  const mix = data?.planMix ?? [];
  const max = Math.max(1, ...mix.map((p) => p.mills));
  const totalCount = mix.reduce((n, p) => n + p.count, 0);
  let body: ReactNode;
  if (!data) body = <Skeleton className="h-40 w-full" />;
  else if (mix.length === 0) body = <p className="text-sm text-muted-foreground">No licence sales in the last 30 days.</p>;
  else
    body = (
      <ul className="grid gap-3" aria-label="Plan mix">
        {mix.map((p) => (
          <li key={p.planId} className="grid gap-1.5">
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium">
                {p.title}
                {p.market ? <span className="ml-1.5 text-xs text-muted-foreground capitalize">{p.market}</span> : null}
              </span>
              <span className="tabular-nums">
                {formatPrice(p.mills)} <span className="text-muted-foreground">· {p.count} sold</span>
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
          <h2>Plan mix</h2>
        </CardTitle>
        <CardDescription>
          Licence sales by plan, last 30 days{data && totalCount ? ` (${totalCount} sold)` : ""}.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

const COLUMNS = ["Date", "Email", "Plan", { label: "Amount", className: "text-right" }, "Status", "Buy Key"] as const;

function RecentTransactions({ data }: { data: Overview | undefined }) {
  const rows = data?.recentTransactions;
  return (
    <TableCard title="Recent Transactions" description="The latest 40 orders, any status.">
      <DataTable
        columns={COLUMNS}
        caption="The latest 40 orders, newest first."
        scrollLabel="Recent transactions table"
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
            <TableCell>{o.planTitle}</TableCell>
            <TableCell className="text-right tabular-nums">
              {formatPrice(o.amountMills)} <span className="text-xs text-muted-foreground">{o.currency}</span>
            </TableCell>
            <TableCell>
              <OrderStatusBadge status={o.status} />
            </TableCell>
            <TableCell className="pr-4 font-mono text-xs sm:pr-6">{o.buyKey ?? <span className="text-muted-foreground">—</span>}</TableCell>
          </TableRow>
        )}
        state={rows?.length === 0 ? { icon: InboxIcon, title: "No transactions yet", body: <p>Orders appear here as soon as customers check out.</p> } : null}
      />
    </TableCard>
  );
}

const SUSPICIOUS_COLUMNS = ["Owner", "Buy Key", "Device Key", { label: "Addresses", className: "text-right" }, { label: "Refused keys", className: "text-right" }, "Flagged"] as const;

/** Licences the abuse signals flagged in the last 24 hours: a shared buy key, or one tried on many devices. */
function SuspiciousLicences({ data }: { data: Overview | undefined }) {
  const rows = data?.suspiciousLicences;
  const limits = data?.suspicionThresholds;
  return (
    <TableCard
      title="Suspicious licences"
      description={`Last 24 hours: used from more than ${limits?.addresses ?? "…"} addresses, or refused for more than ${limits?.refusedKeys ?? "…"} other device keys.`}
      testId="suspicious-licences"
    >
      <DataTable
        columns={SUSPICIOUS_COLUMNS}
        caption="Licences over the abuse thresholds in the last 24 hours, the most signals first."
        scrollLabel="Suspicious licences table"
        className="min-w-[44rem]"
        rows={rows}
        renderRow={(s) => (
          <TableRow key={s.licenceId}>
            <TableCell className="max-w-56 truncate pl-4 sm:pl-6" title={s.email}>
              {s.email}
            </TableCell>
            <TableCell className="font-mono text-xs whitespace-nowrap">{s.buyKey}</TableCell>
            <TableCell className="max-w-48 truncate font-mono text-xs" title={s.deviceKey ?? undefined}>
              {s.deviceKey ?? <span className="text-muted-foreground">N/A</span>}
            </TableCell>
            <TableCell className="text-right tabular-nums">{s.addresses}</TableCell>
            <TableCell className="text-right tabular-nums">{s.refusedKeys}</TableCell>
            <TableCell className="pr-4 whitespace-nowrap text-muted-foreground sm:pr-6">
              <time dateTime={s.flaggedAt}>{formatDateTime(s.flaggedAt)}</time>
            </TableCell>
          </TableRow>
        )}
        state={rows?.length === 0 ? { icon: ShieldCheckIcon, title: "Nothing suspicious", body: <p>No licence crossed a threshold in the last 24 hours.</p> } : null}
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
