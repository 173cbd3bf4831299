import { useId } from "react";

import { DateRangePicker } from "~/components/date-range-picker";
import { Button } from "~/components/ui/button";
import type { DayRange } from "~/components/ui/range-calendar";

import { NO_RANGE, quickRange, type DateRange, type QuickRange } from "./date-range";

const QUICK: QuickRange[] = ["Today", "Yesterday", "Last 7 Days"];

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
export function DateRangeFilter({ value, onChange }: { value: DateRange; onChange: (range: DateRange) => void }) {
  const id = useId();
  const active = (kind: QuickRange) => {
    const r = quickRange(kind);
    return r.from === value.from && r.to === value.to;
  };

  return (
    <div className="flex min-w-0 flex-wrap items-end gap-x-3 gap-y-2">
      <DateRangePicker
        label="Filter by date"
        value={toDayRange(value)}
        onChange={(range) => onChange(range ? { from: fromDay(range.from), to: fromDay(range.to) } : NO_RANGE)}
      />
      <div className="flex flex-wrap gap-2" role="group" aria-labelledby={`${id}-quick`}>
        <span id={`${id}-quick`} className="sr-only">
          Quick date ranges
        </span>
        {QUICK.map((kind) => (
          <Button
            key={kind}
            variant={active(kind) ? "secondary" : "outline"}
            aria-pressed={active(kind)}
            onClick={() => onChange(quickRange(kind))}
          >
            {kind}
          </Button>
        ))}
      </div>
    </div>
  );
}
