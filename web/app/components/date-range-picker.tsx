import { Suspense, useId, useState } from "react";
import { CalendarIcon, XIcon } from "lucide-react";

import { useTableCopy } from "~/components/data-table/copy";
import { Button } from "~/components/ui/button";
import type { DayRange } from "~/components/ui/range-calendar";
import { endOfShopDay, shopToday, startOfShopDay, useDates } from "~/lib/dates";
import { lazyNamed, useOpenedOnce } from "~/lib/lazy-component";
import { cn } from "~/lib/utils";

export type { DayRange };

// The calendar (react-day-picker) and its popover load when first opened (decision 049).
const DateRangePopover = lazyNamed(() => import("~/components/date-range-popover"), "DateRangePopover");

/** Today (in the shop) as a one-day range (the spec's default for the transactions histories). */
export function todayRange(now = new Date()): DayRange {
  const today = shopToday(now);
  return { from: today, to: today };
}

/** The range as the API's datetimes: the first day's 00:00 to the last day's 23:59:59.999, in the shop's time zone. */
export function dayRangeToQuery(range: DayRange | null): { from?: string; to?: string } {
  if (!range) return {};
  return { from: startOfShopDay(range.from), to: endOfShopDay(range.to) };
}

/**
 * A labelled button that opens a two-month calendar to choose a range of days, and 'Clear dates'
 * beside it (no range: all dates).
 */
export function DateRangePicker({
  value,
  onChange,
  label,
  className,
}: {
  value: DayRange | null;
  onChange: (range: DayRange | null) => void;
  label?: string;
  className?: string;
}) {
  const id = useId();
  const { t } = useTableCopy();
  const { formatDayRange } = useDates();
  const [open, setOpen] = useState(false);
  const used = useOpenedOnce(open);
  // Until the calendar has loaded, a click opens it (loading it); then Radix's trigger takes over.
  const trigger = (
    <Button
      type="button"
      variant="outline"
      aria-labelledby={`${id}-label ${id}-value`}
      aria-haspopup="dialog"
      aria-expanded={open}
      data-state={open ? "open" : "closed"}
      className="min-w-[13.5rem] justify-start font-normal"
      data-testid="date-range-trigger"
      onClick={used ? undefined : () => setOpen(true)}
    >
      <CalendarIcon className="text-muted-foreground" aria-hidden="true" />
      <span id={`${id}-value`} className="tabular-nums">
        {value ? formatDayRange(value.from, value.to) : t("dates.all")}
      </span>
    </Button>
  );

  return (
    <div className={cn("grid gap-1.5", className)}>
      <span id={`${id}-label`} className="text-sm font-medium">
        {label ?? t("dates.label")}
      </span>
      <div className="flex flex-wrap items-center gap-2">
        {used ? (
          <Suspense fallback={trigger}>
            <DateRangePopover
              trigger={trigger}
              open={open}
              onOpenChange={setOpen}
              value={value}
              // Only once the calendar is wanted: the shop's day reads Intl's time-zone data, slow
              // the first time on a phone (issue #28 item 5).
              today={shopToday()}
              onChange={onChange}
            />
          </Suspense>
        ) : (
          trigger
        )}
        <Button type="button" variant="ghost" disabled={value === null} onClick={() => onChange(null)}>
          <XIcon aria-hidden="true" />
          {t("dates.clear")}
        </Button>
      </div>
    </div>
  );
}
