// A small date-range calendar: two months side by side (stacked on phones), keyboard operable as
// a grid (arrows, Home/End, PageUp/PageDown, Enter/Space), range preview while choosing the end.
// Days are local calendar days (midnight Date objects); no date library.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";

import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

export type DayRange = { from: Date; to: Date };

export function startOfDay(date: Date) {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}
export function addDays(date: Date, days: number) {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}
/** Same day of another month, clamped to that month's length (Jan 31 + 1 month → Feb 28/29). */
export function addMonths(date: Date, months: number) {
  const first = new Date(date.getFullYear(), date.getMonth() + months, 1);
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  return new Date(first.getFullYear(), first.getMonth(), Math.min(date.getDate(), last));
}
export function sameDay(a: Date | null | undefined, b: Date | null | undefined) {
  return !!a && !!b && a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}
function startOfMonth(date: Date) {
  return new Date(date.getFullYear(), date.getMonth(), 1);
}
function monthDiff(a: Date, b: Date) {
  return (b.getFullYear() - a.getFullYear()) * 12 + (b.getMonth() - a.getMonth());
}
/** The range in order (from ≤ to). */
export function ordered(a: Date, b: Date): DayRange {
  return a.getTime() <= b.getTime() ? { from: a, to: b } : { from: b, to: a };
}

const monthCaption = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric" });
const dayLabel = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric" });
const WEEKDAYS = Array.from({ length: 7 }, (_, i) => {
  const day = new Date(2024, 0, 7 + i); // a Sunday onwards
  return {
    short: new Intl.DateTimeFormat("en-US", { weekday: "short" }).format(day).slice(0, 2),
    long: new Intl.DateTimeFormat("en-US", { weekday: "long" }).format(day),
  };
});

/** The weeks (Sunday first) shown for a month: null for the padding days of other months. */
function monthWeeks(month: Date): (Date | null)[][] {
  const first = startOfMonth(month);
  const days = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  const cells: (Date | null)[] = Array.from({ length: first.getDay() }, () => null);
  for (let d = 1; d <= days; d++) cells.push(new Date(first.getFullYear(), first.getMonth(), d));
  while (cells.length % 7) cells.push(null);
  const weeks: (Date | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

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

export function RangeCalendar({ value, onChange, autoFocus = false, today: todayProp, className }: RangeCalendarProps) {
  const id = useId();
  const today = useMemo(() => startOfDay(todayProp ?? new Date()), [todayProp]);
  // The right-hand month is the one of the range's end (or today), so the recent past is in view.
  const [anchor, setAnchor] = useState(() => startOfMonth(addMonths(value?.to ?? today, -1)));
  const [focused, setFocused] = useState<Date>(() => value?.to ?? today);
  /** The first end, while the second is being chosen. */
  const [start, setStart] = useState<Date | null>(null);
  const [hovered, setHovered] = useState<Date | null>(null);
  const grid = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(autoFocus);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    const day = () => grid.current?.querySelector<HTMLButtonElement>('button[data-focused="true"]');
    day()?.focus({ preventScroll: true });
    // In a popover the position settles a frame later: only then can the day be scrolled to.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => day()?.scrollIntoView({ block: "nearest", inline: "nearest" })),
    );
  }, [focused, anchor]);

  const months = [anchor, addMonths(anchor, 1)];

  function show(date: Date) {
    const offset = monthDiff(anchor, date);
    if (offset < 0) setAnchor(startOfMonth(date));
    else if (offset > 1) setAnchor(startOfMonth(addMonths(date, -1)));
  }

  function focusDay(date: Date) {
    moveFocus.current = true;
    setFocused(date);
    show(date);
  }

  function choose(date: Date) {
    setFocused(date);
    if (!start) {
      setStart(date);
      return;
    }
    setStart(null);
    setHovered(null);
    onChange(ordered(start, date));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, () => Date> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => addDays(focused, -focused.getDay()),
      End: () => addDays(focused, 6 - focused.getDay()),
      PageUp: () => addMonths(focused, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focused, event.shiftKey ? 12 : 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move();
    focusDay(next);
    if (start) setHovered(next);
  }

  // What is drawn as the range: the value, or the preview while the second end is chosen.
  const shown: DayRange | null = start ? ordered(start, hovered ?? start) : value;

  return (
    <div className={cn("grid gap-3", className)}>
      <div ref={grid} onKeyDown={onKeyDown} className="flex flex-col gap-6 sm:flex-row sm:gap-8">
        {months.map((month, index) => {
          const captionId = `${id}-m${index}`;
          return (
            <div key={month.toISOString()} className="grid content-start gap-3">
              <div className="flex h-8 items-center justify-between gap-2">
                {index === 0 ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label="Previous month"
                    onClick={() => setAnchor(addMonths(anchor, -1))}
                  >
                    <ChevronLeftIcon aria-hidden="true" />
                  </Button>
                ) : (
                  <span className="hidden size-8 sm:block" aria-hidden="true" />
                )}
                <h3 id={captionId} aria-live="polite" className="flex-1 text-center text-sm font-semibold">
                  {monthCaption.format(month)}
                </h3>
                {index === 1 ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label="Next month"
                    onClick={() => setAnchor(addMonths(anchor, 1))}
                  >
                    <ChevronRightIcon aria-hidden="true" />
                  </Button>
                ) : (
                  <span className="hidden size-8 sm:block" aria-hidden="true" />
                )}
              </div>
              <table role="grid" aria-labelledby={captionId} className="border-collapse">
                <thead>
                  <tr>
                    {WEEKDAYS.map((day) => (
                      <th
                        key={day.long}
                        scope="col"
                        abbr={day.long}
                        className="size-9 p-0 text-center text-xs font-normal text-muted-foreground"
                      >
                        {day.short}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {monthWeeks(month).map((week, row) => (
                    <tr key={row}>
                      {week.map((day, col) =>
                        day ? (
                          <DayCell
                            key={col}
                            day={day}
                            range={shown}
                            today={today}
                            focused={sameDay(day, focused)}
                            onChoose={choose}
                            onHover={start ? setHovered : undefined}
                            onFocusDay={(day) => setFocused((current) => (sameDay(current, day) ? current : day))}
                          />
                        ) : (
                          <td key={col} className="size-9 p-0" />
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        })}
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {start ? "Now choose the last day." : "Choose the first day, then the last day."}
      </p>
    </div>
  );
}

function DayCell({
  day,
  range,
  today,
  focused,
  onChoose,
  onHover,
  onFocusDay,
}: {
  day: Date;
  range: DayRange | null;
  today: Date;
  focused: boolean;
  onChoose: (day: Date) => void;
  onHover?: (day: Date) => void;
  onFocusDay: (day: Date) => void;
}) {
  const t = day.getTime();
  const isStart = sameDay(day, range?.from);
  const isEnd = sameDay(day, range?.to);
  const inside = !!range && t > range.from.getTime() && t < range.to.getTime();
  const selected = isStart || isEnd || inside;
  const isToday = sameDay(day, today);
  const weekStart = day.getDay() === 0 || day.getDate() === 1;
  const weekEnd = day.getDay() === 6 || sameDay(addDays(day, 1), new Date(day.getFullYear(), day.getMonth() + 1, 1));

  return (
    <td
      role="gridcell"
      aria-selected={selected}
      className={cn(
        "relative size-9 p-0 text-center",
        (inside || ((isStart || isEnd) && !(isStart && isEnd))) && "bg-primary/10 dark:bg-primary/20",
        isStart && !isEnd && "rounded-l-md",
        isEnd && !isStart && "rounded-r-md",
        inside && weekStart && "rounded-l-md",
        inside && weekEnd && "rounded-r-md",
      )}
    >
      <button
        type="button"
        tabIndex={focused ? 0 : -1}
        data-focused={focused}
        aria-label={`${dayLabel.format(day)}${isToday ? " (today)" : ""}`}
        aria-current={isToday ? "date" : undefined}
        onClick={() => onChoose(day)}
        onFocus={() => onFocusDay(day)}
        onMouseEnter={onHover ? () => onHover(day) : undefined}
        className={cn(
          "inline-flex size-9 items-center justify-center rounded-md text-sm tabular-nums outline-none transition-colors",
          "hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
          isToday && !(isStart || isEnd) && "font-semibold underline decoration-2 underline-offset-4",
          (isStart || isEnd) && "bg-primary font-semibold text-primary-foreground hover:bg-primary hover:text-primary-foreground",
        )}
      >
        {day.getDate()}
      </button>
    </td>
  );
}
