import { useId, useMemo } from "react";

import { useTableCopy } from "~/components/data-table/copy";
import { DateRangePicker } from "~/components/date-range-picker";
import { Button } from "~/components/ui/button";
import type { DayRange } from "~/components/ui/range-calendar";

import { NO_RANGE, quickRange, type DateRange, type QuickRange } from "./date-range";

const QUICK: { kind: QuickRange; key: string }[] = [
  { kind: "Today", key: "dates.today" },
  { kind: "Yesterday", key: "dates.yesterday" },
  { kind: "Last 7 Days", key: "dates.lastSevenDays" },
];

/** "YYYY-MM-DD" ↔ a local calendar day (the list's query speaks days). */
function toDay(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y!, m! - 1, d!);
}
function fromDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
function toDayRange(value: DateRange): DayRange | null {
  const from = value.from || value.to;
  const to = value.to || value.from;
  return from && to ? { from: toDay(from), to: toDay(to) } : null;
}

/** The spec's date filter: a two-month calendar with 'Clear dates', and quick ranges beside it. */
export function DateRangeFilter({ value, onChange, label }: { value: DateRange; onChange: (range: DateRange) => void; label?: string }) {
  const id = useId();
  const { t } = useTableCopy();
  // No range (the page's first screen): no quick range is on, and no day need be counted (the shop's
  // day reads Intl's time-zone data, slow the first time on a phone; issue #28 item 5).
  const quick = useMemo(() => (value.from || value.to ? new Map(QUICK.map(({ kind }) => [kind, quickRange(kind)])) : null), [value.from, value.to]);
  const active = (kind: QuickRange) => {
    const r = quick?.get(kind);
    return r !== undefined && r.from === value.from && r.to === value.to;
  };

  return (
    <div className="flex min-w-0 flex-wrap items-end gap-x-3 gap-y-2">
      <DateRangePicker
        label={label ?? t("dates.filter")}
        value={toDayRange(value)}
        onChange={(range) => onChange(range ? { from: fromDay(range.from), to: fromDay(range.to) } : NO_RANGE)}
      />
      <div className="flex flex-wrap gap-2" role="group" aria-labelledby={`${id}-quick`}>
        <span id={`${id}-quick`} className="sr-only">
          {t("dates.quick")}
        </span>
        {QUICK.map(({ kind, key }) => (
          <Button
            key={kind}
            variant={active(kind) ? "secondary" : "outline"}
            aria-pressed={active(kind)}
            onClick={() => onChange(quickRange(kind))}
          >
            {t(key)}
          </Button>
        ))}
      </div>
    </div>
  );
}
