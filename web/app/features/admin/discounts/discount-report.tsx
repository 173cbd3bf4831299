// A discount code's page (/discounts/:id, super-admin, decision 077): its rules, its uses, what
// customers paid with it, what it took off and what was refunded since, and its orders.
import { ArrowLeftIcon, InboxIcon, SearchXIcon } from "lucide-react";
import { Link } from "react-router";

import type { DiscountReport } from "../../../../../contracts/discounts";
import { formatMoney } from "../../../../../contracts/money";
import { planTitle } from "../../../../../contracts/plan-catalogue";
import { DateText } from "~/components/date-text";
import { EmailText } from "~/components/email-text";
import { WrittenText } from "~/components/written-text";
import { loadErrorState, type ListState } from "~/components/data-table/list-state";
import { ResponsiveList } from "~/components/data-table/responsive-list";
import { Card } from "~/components/ui/card";
import { TableCell, TableRow } from "~/components/ui/table";
import { OrderStatusBadge } from "~/features/admin/order-status-badge";
import { isApiError } from "~/lib/api";
import { errorMessage } from "~/lib/errors";

import { useDiscountsCopy } from "./copy";
import { ActiveBadge, useDiscountText } from "./discount-rows";
import { usePlanNames } from "./discounts-panel";
import { useDiscountReport } from "./queries";

type ReportOrder = DiscountReport["orders"][number];
const COLUMNS = ["tranId", "email", "plan", "status", "amount", "discount", "date"] as const;

function Stat({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <Card className="gap-1 px-4 py-4 sm:px-5">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-2xl font-semibold tracking-tight tabular-nums" data-testid={testId}>
        {value}
      </p>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </Card>
  );
}

function useOrderPlan() {
  const { i18n } = useDiscountsCopy();
  return (o: ReportOrder) => (o.planMonths ? planTitle(o.planMonths, i18n.language) : o.planTitle);
}

function OrderRow({ order }: { order: ReportOrder }) {
  const plan = useOrderPlan();
  return (
    <TableRow data-testid="discount-order">
      <TableCell className="pl-4 font-mono text-xs sm:pl-6">{order.tranId}</TableCell>
      <TableCell>
        <EmailText email={order.email} />
      </TableCell>
      <TableCell>{plan(order)}</TableCell>
      <TableCell>
        <OrderStatusBadge status={order.status} />
      </TableCell>
      <TableCell className="tabular-nums">{formatMoney(order.amountMills)}</TableCell>
      <TableCell className="tabular-nums">−{formatMoney(order.discountMills)}</TableCell>
      <TableCell className="pr-4 sm:pr-6">
        <DateText iso={order.paidAt ?? order.createdAt} />
      </TableCell>
    </TableRow>
  );
}

function OrderCard({ order }: { order: ReportOrder }) {
  const { t } = useDiscountsCopy();
  const plan = useOrderPlan();
  return (
    <li className="grid gap-2 px-4 py-4 text-sm" data-testid="discount-order">
      <div className="flex items-start justify-between gap-3">
        <span className="font-mono text-xs">{order.tranId}</span>
        <OrderStatusBadge status={order.status} />
      </div>
      <EmailText email={order.email} />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">{t("report.columns.plan")}</dt>
        <dd>{plan(order)}</dd>
        <dt className="text-muted-foreground">{t("report.columns.amount")}</dt>
        <dd className="tabular-nums">{`${formatMoney(order.amountMills)} (−${formatMoney(order.discountMills)})`}</dd>
        <dt className="text-muted-foreground">{t("report.columns.date")}</dt>
        <dd>
          <DateText iso={order.paidAt ?? order.createdAt} />
        </dd>
      </dl>
    </li>
  );
}

function Report({ report }: { report: DiscountReport }) {
  const planName = usePlanNames();
  const text = useDiscountText(report.discount, planName);
  const { t } = text;
  const d = report.discount;
  return (
    <>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-2xl font-semibold tracking-tight">{d.code}</h1>
        <ActiveBadge active={d.active} />
        <p className="w-full text-sm text-muted-foreground">{[text.value, ...text.rules].join(" · ")}</p>
      </header>
      <section className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={t("report.uses")}>
        <Stat label={t("report.uses")} value={String(d.usesPaid)} hint={`${t("report.usesValue", { paid: d.usesPaid, held: d.usesHeld })} · ${text.limit}`} testId="report-uses" />
        <Stat label={t("report.revenue")} value={formatMoney(report.revenueMills)} hint={t("report.revenueHint")} testId="report-revenue" />
        <Stat label={t("report.discounted")} value={formatMoney(report.discountedMills)} testId="report-discounted" />
        <Stat
          label={t("report.refunds")}
          value={formatMoney(report.refundedMills)}
          hint={t("report.refundsValue", { amount: formatMoney(report.refundedMills), count: report.refundedOrders })}
          testId="report-refunds"
        />
      </section>
      <Card className="gap-0 px-4 py-4 sm:px-6">
        <h2 className="mb-3 text-lg font-semibold">{t("report.rules")}</h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
          <dt className="text-muted-foreground">{t("columns.appliesTo")}</dt>
          <dd>{`${text.plans} · ${text.markets}`}</dd>
          <dt className="text-muted-foreground">{t("columns.window")}</dt>
          <dd>{text.window}</dd>
          {d.note ? (
            <>
              <dt className="text-muted-foreground">{t("report.note")}</dt>
              <dd>
                <WrittenText>{d.note}</WrittenText>
              </dd>
            </>
          ) : null}
        </dl>
      </Card>
    </>
  );
}

export function DiscountReportPanel({ id }: { id: string }) {
  const { t } = useDiscountsCopy();
  const query = useDiscountReport(id);
  const report = query.data;
  const code = report?.discount.code ?? "";
  let state: ListState | null = null;
  // No code at this address (a mistyped or old link): said in the reader's words, nothing to retry.
  const missing = !report && query.isError && isApiError(query.error) && query.error.code === "NOT_FOUND";
  if (missing) state = { icon: SearchXIcon, title: t("report.missingTitle"), body: <p>{t("report.missingBody")}</p> };
  else if (!report && query.isError) state = loadErrorState(t("report.errorTitle"), errorMessage(query.error), () => void query.refetch());
  else if (report?.orders.length === 0) state = { icon: InboxIcon, title: t("report.ordersEmpty") };
  return (
    <div className="flex flex-col gap-6">
      <Link to="/discounts" className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        {t("report.back")}
      </Link>
      {report ? <Report report={report} /> : <h1 className="text-2xl font-semibold tracking-tight">{t("report.heading")}</h1>}
      <Card className="gap-0 overflow-hidden py-0">
        <h2 className="border-b px-4 py-4 text-lg font-semibold sm:px-6">{t("report.orders")}</h2>
        <ResponsiveList
          columns={COLUMNS.map((key) => t(`report.columns.${key}`))}
          caption={t("report.ordersCaption", { code })}
          scrollLabel={t("report.ordersScroll", { code })}
          className="min-w-[52rem]"
          rows={report?.orders}
          renderRow={(order) => <OrderRow key={order.tranId} order={order} />}
          renderCards={(orders) => (
            <ul aria-label={t("report.orders")} className="divide-y">
              {orders.map((order) => (
                <OrderCard key={order.tranId} order={order} />
              ))}
            </ul>
          )}
          state={state}
          loadingLabel={t("report.loading")}
          skeletonClassName="h-4 w-24"
        />
      </Card>
    </div>
  );
}
