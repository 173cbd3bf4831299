import { useId, useState } from "react";
import { CalendarIcon, XIcon } from "lucide-react";

import { Button } from "~/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { RangeCalendar, sameDay, startOfDay, type DayRange } from "~/components/ui/range-calendar";
import { cn } from "~/lib/utils";

export type { DayRange };

const full = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const short = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });

/** 'Nov 22, 2026', 'Nov 20 – Nov 22, 2026', 'Dec 30, 2025 – Jan 2, 2026', or 'All dates'. */
export function formatDayRange(range: DayRange | null): string {
  if (!range) return "All dates";
  if (sameDay(range.from, range.to)) return full.format(range.from);
  const sameYear = range.from.getFullYear() === range.to.getFullYear();
  return `${(sameYear ? short : full).format(range.from)} – ${full.format(range.to)}`;
}

/** Today as a one-day range (the spec's default for the transactions histories). */
export function todayRange(now = new Date()): DayRange {
  const today = startOfDay(now);
  return { from: today, to: today };
}

/** The range as the API's datetimes: the first day's 00:00 to the last day's 23:59:59.999, local time. */
export function dayRangeToQuery(range: DayRange | null): { from?: string; to?: string } {
  if (!range) return {};
  const end = new Date(range.to);
  end.setHours(23, 59, 59, 999);
  return { from: startOfDay(range.from).toISOString(), to: end.toISOString() };
}

/**
 * A labelled button that opens a two-month calendar to choose a range of days, and 'Clear dates'
 * beside it (no range: all dates).
 */
export function DateRangePicker({
  value,
  onChange,
  label = "Date range",
  className,
}: {
  value: DayRange | null;
  onChange: (range: DayRange | null) => void;
  label?: string;
  className?: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const isToday = value !== null && sameDay(value.from, value.to) && sameDay(value.from, new Date());

  return (
    <div className={cn("grid gap-1.5", className)}>
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-2">
        <Popover open={open} onOpenChange={setOpen}>
          <PopoverTrigger asChild>
            <Button
              type="button"
              variant="outline"
              aria-labelledby={`${id}-label ${id}-value`}
              className="min-w-[13.5rem] justify-start font-normal"
              data-testid="date-range-trigger"
            >
              <CalendarIcon className="text-muted-foreground" aria-hidden="true" />
              <span id={`${id}-value`} className="tabular-nums">
                {formatDayRange(value)}
              </span>
            </Button>
          </PopoverTrigger>
          <PopoverContent
            align="start"
            collisionPadding={8}
            className="max-h-(--radix-popover-content-available-height) w-auto max-w-[calc(100vw-1rem)] overflow-y-auto p-4"
            aria-label="Choose dates"
            onOpenAutoFocus={(event) => event.preventDefault()}
          >
            <RangeCalendar
              autoFocus
              value={value}
              onChange={(range) => {
                onChange(range);
                setOpen(false);
              }}
            />
            <div className="mt-3 flex flex-wrap justify-end gap-2 border-t pt-3">
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-pressed={isToday}
                onClick={() => {
                  onChange(todayRange());
                  setOpen(false);
                }}
              >
                Today
              </Button>
            </div>
          </PopoverContent>
        </Popover>
        <Button type="button" variant="ghost" disabled={value === null} onClick={() => onChange(null)}>
          <XIcon aria-hidden="true" />
          Clear dates
        </Button>
      </div>
    </div>
  );
}
