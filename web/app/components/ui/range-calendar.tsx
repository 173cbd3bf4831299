// A date-range calendar: react-day-picker in range mode, styled with Tailwind (no library CSS).
// Two months side by side (stacked on phones); the library gives the keyboard grid (arrows,
// Home/End, PageUp/PageDown, Shift for months/years, Enter/Space). The first day chosen starts a
// new range, the second completes it and only then is onChange called; the range is previewed
// while the second day is pointed at or focused.
import { useEffect, useMemo, useRef, useState } from "react";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import {
  DayPicker,
  type ChevronProps,
  type ClassNames,
  type DateRange,
  type DayButtonProps,
  type Formatters,
  type Labels,
  type Modifiers,
} from "react-day-picker";

import { useTableCopy } from "~/components/data-table/copy";
import { buttonVariants } from "~/components/ui/button";
import { addMonths, ordered, startOfDay, startOfMonth, type DayRange } from "~/components/ui/date-range";
import { formatDayLong, formatMonth, formatWeekday } from "~/lib/dates";
import type { TFunction } from "~/lib/i18n";
import { cn } from "~/lib/utils";

export { addDays, addMonths, ordered, sameDay, startOfDay, type DayRange } from "~/components/ui/date-range";

export type RangeCalendarProps = {
  /** The chosen range, or null (no dates). */
  value: DayRange | null;
  /** Called once both ends are chosen. */
  onChange: (range: DayRange) => void;
  /** Focus the active day when mounted (in a popover). */
  autoFocus?: boolean;
  /** Today (tests and stories may fix it). */
  today?: Date;
  className?: string;
};

/** The calendar's words and names of months and days in the reader's language (Western digits). */
function labelsIn(t: TFunction, lng: string): Partial<Labels> {
  return {
    labelNav: () => t("dates.changeMonth"),
    labelPrevious: () => t("dates.previousMonth"),
    labelNext: () => t("dates.nextMonth"),
    labelGrid: (date: Date) => formatMonth(date, lng),
    labelWeekday: (date: Date) => formatWeekday(date, lng, "long"),
    labelDayButton: (date: Date, modifiers: Modifiers) => {
      const day = formatDayLong(date, lng);
      return modifiers.today ? t("dates.dayToday", { day }) : day;
    },
  };
}

function formattersIn(lng: string): Partial<Formatters> {
  return {
    formatCaption: (month: Date) => formatMonth(month, lng),
    formatWeekdayName: (weekday: Date) => formatWeekday(weekday, lng),
    formatDay: (day: Date) => String(day.getDate()),
  };
}

/** The tint of the days in a range (chosen or previewed), rounded at its ends and at week and month edges. */
const band =
  "bg-primary/10 dark:bg-primary/20 first:rounded-l-md last:rounded-r-md [[data-hidden]+&]:rounded-l-md [&:has(+[data-hidden])]:rounded-r-md";

const classNames: Partial<ClassNames> = {
  months: "relative flex flex-col gap-6 sm:flex-row sm:gap-8",
  month: "grid content-start gap-3",
  nav: "absolute inset-x-0 top-0 flex items-center justify-between",
  button_previous: cn(buttonVariants({ variant: "ghost", size: "icon" }), "size-8 aria-disabled:opacity-50"),
  button_next: cn(buttonVariants({ variant: "ghost", size: "icon" }), "size-8 aria-disabled:opacity-50"),
  month_caption: "flex h-8 items-center justify-center px-10",
  caption_label: "text-sm font-semibold",
  month_grid: "border-separate border-spacing-0",
  weekdays: "",
  weekday: "size-9 p-0 text-center text-xs font-normal text-muted-foreground",
  weeks: "",
  week: "",
  day: "relative size-9 p-0 text-center",
  range_start: cn(band, "rounded-l-md"),
  range_middle: band,
  range_end: cn(band, "rounded-r-md"),
  selected: "",
  today: "",
  focused: "",
  outside: "",
  disabled: "opacity-50",
  hidden: "invisible",
  footer: "text-xs text-muted-foreground",
};

const modifiersClassNames = {
  preview: band,
  preview_start: "rounded-l-md",
  preview_end: "rounded-r-md",
};

function Chevron({ orientation, className }: ChevronProps) {
  const Icon = orientation === "right" ? ChevronRightIcon : ChevronLeftIcon;
  return <Icon aria-hidden="true" className={cn("size-4", className)} />;
}

function DayButton({ day: _day, modifiers, className, ...props }: DayButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!modifiers.focused) return;
    const button = ref.current;
    button?.focus({ preventScroll: true });
    // In a popover the position settles a frame later: only then can the day be scrolled to.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => button?.scrollIntoView({ block: "nearest", inline: "nearest" })),
    );
  }, [modifiers.focused]);

  // An end of the range: chosen, previewed, or the first day while the second is being chosen.
  const end =
    modifiers.range_start ||
    modifiers.range_end ||
    modifiers.preview_start ||
    modifiers.preview_end ||
    (modifiers.selected && !modifiers.range_middle);

  return (
    <button
      ref={ref}
      aria-current={modifiers.today ? "date" : undefined}
      data-range-end={end || undefined}
      className={cn(
        "inline-flex size-9 items-center justify-center rounded-md text-sm tabular-nums outline-none transition-colors",
        "hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
        modifiers.today && !end && "font-semibold underline decoration-2 underline-offset-4",
        end && "bg-primary font-semibold text-primary-foreground hover:bg-primary hover:text-primary-foreground",
        className,
      )}
      {...props}
    />
  );
}

const components = { Chevron, DayButton };

export function RangeCalendar({ value, onChange, autoFocus = false, today: todayProp, className }: RangeCalendarProps) {
  const { t, i18n } = useTableCopy();
  const lng = i18n.language;
  const labels = useMemo(() => labelsIn(t, lng), [t, lng]);
  const formatters = useMemo(() => formattersIn(lng), [lng]);
  const today = useMemo(() => startOfDay(todayProp ?? new Date()), [todayProp]);
  // The right-hand month is the one of the range's end (or today), so the recent past is in view.
  const [defaultMonth] = useState(() => startOfMonth(addMonths(value?.to ?? today, -1)));
  /** The first end, while the second is being chosen. */
  const [start, setStart] = useState<Date | null>(null);
  const [hovered, setHovered] = useState<Date | null>(null);

  const selected: DateRange | undefined = start ? { from: start, to: undefined } : (value ?? undefined);
  const preview = start && hovered ? ordered(start, hovered) : null;
  const point = (date: Date) => {
    if (start) setHovered(date);
  };

  return (
    <DayPicker
      mode="range"
      required
      resetOnSelect
      numberOfMonths={2}
      defaultMonth={defaultMonth}
      today={today}
      autoFocus={autoFocus}
      selected={selected}
      onSelect={(range) => {
        if (range.from && range.to) {
          setStart(null);
          setHovered(null);
          onChange({ from: startOfDay(range.from), to: startOfDay(range.to) });
        } else if (range.from) {
          setStart(startOfDay(range.from));
          setHovered(null);
        }
      }}
      onDayMouseEnter={point}
      onDayFocus={point}
      modifiers={preview ? { preview, preview_start: preview.from, preview_end: preview.to } : undefined}
      modifiersClassNames={modifiersClassNames}
      footer={start ? t("dates.chooseLast") : t("dates.chooseFirst")}
      labels={labels}
      formatters={formatters}
      lang={lng}
      numerals="latn"
      classNames={classNames}
      components={components}
      className={cn("grid gap-3", className)}
    />
  );
}
