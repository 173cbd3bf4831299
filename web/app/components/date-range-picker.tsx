import { useId, useState } from "react";
import { CalendarIcon, XIcon } from "lucide-react";

import { useTableCopy } from "~/components/data-table/copy";
import { Button } from "~/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { RangeCalendar, sameDay, type DayRange } from "~/components/ui/range-calendar";
import { endOfShopDay, shopToday, startOfShopDay, useDates } from "~/lib/dates";
import { cn } from "~/lib/utils";

export type { DayRange };

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
  const today = shopToday();
  const isToday = value !== null && sameDay(value.from, value.to) && sameDay(value.from, today);

  return (
    <div className={cn("grid gap-1.5", className)}>
      <span id={`${id}-label`} className="text-sm font-medium">
        {label ?? t("dates.label")}
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
                {value ? formatDayRange(value.from, value.to) : t("dates.all")}
              </span>
            </Button>
          </PopoverTrigger>
          <PopoverContent
            align="start"
            collisionPadding={8}
            className="max-h-(--radix-popover-content-available-height) w-auto max-w-[calc(100vw-1rem)] overflow-y-auto p-4"
            aria-label={t("dates.choose")}
            onOpenAutoFocus={(event) => event.preventDefault()}
          >
            <RangeCalendar
              autoFocus
              value={value}
              today={today}
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
                {t("dates.today")}
              </Button>
            </div>
          </PopoverContent>
        </Popover>
        <Button type="button" variant="ghost" disabled={value === null} onClick={() => onChange(null)}>
          <XIcon aria-hidden="true" />
          {t("dates.clear")}
        </Button>
      </div>
    </div>
  );
}
