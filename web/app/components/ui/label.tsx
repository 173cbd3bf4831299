import * as React from "react";

import { cn } from "~/lib/utils";

// A plain <label> with what Radix's Label added (no text selected by a double click on the label
// itself), without its package: /otp-gmail's site picker and the top-up's amount are on or near a
// first screen (issue #28 item 5).
function Label({ className, onMouseDown, ...props }: React.ComponentProps<"label">) {
  return (
    <label
      data-slot="label"
      className={cn(
        "flex items-center gap-2 text-sm leading-none font-medium select-none group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
        className,
      )}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        // A click on a control inside the label is the control's.
        if ((event.target as HTMLElement).closest("button, input, select, textarea")) return;
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}

export { Label };
