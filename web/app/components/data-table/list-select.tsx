import { useId, type ReactNode } from "react";

import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";

/** A small labelled choice above a list: what to show, how to sort, rows per page. */
export function ListSelect<V extends string>({
  label,
  value,
  options,
  onChange,
  triggerClassName,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: ReactNode }[];
  onChange: (value: V) => void;
  /** The trigger's width: `w-52`. */
  triggerClassName?: string;
}) {
  const labelId = useId();
  return (
    <div className="grid gap-1.5">
      <Label id={labelId} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Select value={value} onValueChange={(next) => onChange(next as V)}>
        <SelectTrigger aria-labelledby={labelId} className={triggerClassName}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
