import type { ReactElement } from "react";

import { useTableCopy } from "~/components/data-table/copy";
import { Button } from "~/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { RangeCalendar, sameDay, type DayRange } from "~/components/ui/range-calendar";

/** DateRangePicker's calendar in its popover, with Today (`today`: the shop's, as todayRange). */
export function DateRangePopover({
  trigger,
  open,
  onOpenChange,
  value,
  today,
  onChange,
}: {
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  value: DayRange | null;
  today: Date;
  onChange: (range: DayRange | null) => void;
}) {
  const { t } = useTableCopy();
  const isToday = value !== null && sameDay(value.from, value.to) && sameDay(value.from, today);
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
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
            onOpenChange(false);
          }}
        />
        <div className="mt-3 flex flex-wrap justify-end gap-2 border-t pt-3">
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-pressed={isToday}
            onClick={() => {
              onChange({ from: today, to: today });
              onOpenChange(false);
            }}
          >
            {t("dates.today")}
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
