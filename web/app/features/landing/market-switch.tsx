import { useRef, type KeyboardEvent } from "react";

import type { Market } from "../../../../contracts/plan-catalogue";

/**
 * Local / Foreigner segmented control: a radio group (one tab stop, arrow keys move and select,
 * as the ARIA radio-group pattern asks).
 */
export function MarketSwitch({
  value,
  onChange,
  label,
  options,
}: {
  value: Market;
  onChange: (market: Market) => void;
  label: string;
  options: { value: Market; label: string }[];
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? 1
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? -1
          : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + options.length) % options.length;
    onChange(options[next].value);
    refs.current[next]?.focus();
  }

  return (
    <div
      role="radiogroup"
      aria-label={label}
      className="inline-flex rounded-full border bg-muted/60 p-1 shadow-inner"
    >
      {options.map((option, index) => {
        const checked = option.value === value;
        return (
          <button
            key={option.value}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            data-market-option={option.value}
            onClick={() => onChange(option.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            // Styled by aria-checked, which web/enhance/pricing.ts also sets before React runs.
            className="min-w-28 rounded-full px-5 py-2 text-sm font-semibold text-foreground/75 transition-colors outline-none hover:bg-background hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-checked:bg-brand aria-checked:text-brand-foreground aria-checked:shadow-sm aria-checked:hover:bg-brand aria-checked:hover:text-brand-foreground"
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
