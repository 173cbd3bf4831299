import * as React from "react";

import { cn } from "~/lib/utils";

// The sidebar's initials: plain elements, not Radix's Avatar (its image-loading state, which no
// avatar here uses, and its context and primitives were on every dashboard page's first load;
// issue #28 item 5). An avatar with a picture would need that state back.

function Avatar({ className, ...props }: React.ComponentProps<"span">) {
  return <span data-slot="avatar" className={cn("relative flex size-8 shrink-0 overflow-hidden rounded-full", className)} {...props} />;
}

function AvatarFallback({ className, ...props }: React.ComponentProps<"span">) {
  return <span data-slot="avatar-fallback" className={cn("flex size-full items-center justify-center rounded-full bg-muted", className)} {...props} />;
}

export { Avatar, AvatarFallback };
