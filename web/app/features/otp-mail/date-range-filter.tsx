import { useId } from "react";
import { XIcon } from "lucide-react";

import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

import { isFiltered, NO_RANGE, quickRange, type DateRange, type QuickRange } from "./date-range";

const QUICK: QuickRange[] = ["Today", "Yesterday", "Last 7 Days"];

/** Two native date inputs plus quick buttons (no calendar widget is installed). */
export function DateRangeFilter({ value, onChange }: { value: DateRange; onChange: (range: DateRange) => void }) {
  const id = useId();
  const active = (kind: QuickRange) => {
    const r = quickRange(kind);
    return r.from === value.from && r.to === value.to;
  };

  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium">Filter by date</legend>
      <div className="flex flex-wrap items-end gap-x-3 gap-y-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-from`} className="text-xs text-muted-foreground">
            From
          </Label>
          <Input
            id={`${id}-from`}
            type="date"
            className="w-[10.5rem]"
            value={value.from}
            max={value.to || undefined}
            onChange={(event) => onChange({ ...value, from: event.target.value })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-to`} className="text-xs text-muted-foreground">
            To
          </Label>
          <Input
            id={`${id}-to`}
            type="date"
            className="w-[10.5rem]"
            value={value.to}
            min={value.from || undefined}
            onChange={(event) => onChange({ ...value, to: event.target.value })}
          />
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Quick date ranges">
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
          <Button variant="ghost" disabled={!isFiltered(value)} onClick={() => onChange(NO_RANGE)}>
            <XIcon aria-hidden="true" />
            Clear dates
          </Button>
        </div>
      </div>
    </fieldset>
  );
}
