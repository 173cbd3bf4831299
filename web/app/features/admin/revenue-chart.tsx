// The Overview's revenue chart (recharts). Only this module imports recharts, and the Overview
// loads it lazily, so no other page (public or dashboard) downloads the chart library.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import type { RevenueDay } from "../../../../contracts/admin";
import { formatMoneyCompact, formatMoney } from "../../../../contracts/money";
import { useAdminCopy } from "./copy";
import { formatChartDay } from "./format";

/** The series' names are admin:overview.revenue.<label>. */
const SERIES = [
  { key: "planMills", label: "plans", color: "var(--chart-2)" },
  { key: "topupMills", label: "topUps", color: "var(--chart-1)" },
] as const;

export default function RevenueChart({ days }: { days: RevenueDay[] }) {
  const { t } = useAdminCopy();
  return (
    <div className="h-72 w-full" data-testid="revenue-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-border" />
          <XAxis
            dataKey="day"
            tickFormatter={formatChartDay}
            tickLine={false}
            axisLine={false}
            minTickGap={24}
            fontSize={12}
          />
          <YAxis tickFormatter={formatMoneyCompact} tickLine={false} axisLine={false} width={56} fontSize={12} />
          <Tooltip
            cursor={{ fillOpacity: 0.08 }}
            labelFormatter={(day) => formatChartDay(String(day))}
            formatter={(value, name) => [formatMoney(Number(value)), name]}
            contentStyle={{ borderRadius: 8, fontSize: 12 }}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {SERIES.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={t(`overview.revenue.${s.label}`)} stackId="revenue" fill={s.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
