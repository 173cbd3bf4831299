import * as React from "react";

import { cn } from "~/lib/utils";

// What Radix's Separator renders (a decorative one has no role; a semantic one is a separator with
// its orientation), without its package on every dashboard page's first load (issue #28 item 5).
function Separator({
  className,
  orientation = "horizontal",
  decorative = true,
  ...props
}: React.ComponentProps<"div"> & { orientation?: "horizontal" | "vertical"; decorative?: boolean }) {
  const semantic = decorative ? { role: "none" } : { role: "separator", "aria-orientation": orientation === "vertical" ? orientation : undefined };
  return (
    <div
      data-slot="separator"
      data-orientation={orientation}
      {...semantic}
      className={cn(
        "shrink-0 bg-border data-[orientation=horizontal]:h-px data-[orientation=horizontal]:w-full data-[orientation=vertical]:h-full data-[orientation=vertical]:w-px",
        className,
      )}
      {...props}
    />
  );
}

export { Separator };
