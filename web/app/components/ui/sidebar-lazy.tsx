// The sidebar's parts that only some visits need, loaded when needed (decision 049): the sheet
// the sidebar becomes on a phone (Radix Dialog) when it is first opened, and the tooltips of the
// collapsed sidebar's buttons (Radix Tooltip and its positioning) when the sidebar is collapsed.
import type * as React from "react";

import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "~/components/ui/sheet";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/components/ui/tooltip";

export function SidebarSheet({
  open,
  onOpenChange,
  side,
  width,
  title,
  description,
  children,
}: Pick<React.ComponentProps<typeof SheetContent>, "side" | "children"> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  width: string;
  title: string;
  description: string;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        data-sidebar="sidebar"
        data-slot="sidebar"
        data-mobile="true"
        className="w-(--sidebar-width) bg-sidebar p-0 text-sidebar-foreground [&>button]:hidden"
        style={{ "--sidebar-width": width } as React.CSSProperties}
        side={side}
      >
        <SheetHeader className="sr-only">
          <SheetTitle>{title}</SheetTitle>
          <SheetDescription>{description}</SheetDescription>
        </SheetHeader>
        <div className="flex h-full w-full flex-col">{children}</div>
      </SheetContent>
    </Sheet>
  );
}

export function SidebarMenuTooltip({ button, ...props }: React.ComponentProps<typeof TooltipContent> & { button: React.ReactElement }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="right" align="center" {...props} />
    </Tooltip>
  );
}
