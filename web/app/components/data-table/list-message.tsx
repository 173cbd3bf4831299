import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";

import { TableCell, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/utils";

/** An icon, a title and a line of help: empty and error states of a list. */
export function ListMessage({
  icon: Icon,
  title,
  tone = "neutral",
  children,
  className,
}: {
  icon: LucideIcon;
  title: string;
  tone?: "neutral" | "error";
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col items-center gap-2 px-4 py-14 text-center", className)}>
      <span
        className={cn(
          "mb-1 flex size-10 items-center justify-center rounded-full",
          tone === "error" ? "bg-destructive/10 text-destructive" : "bg-muted text-muted-foreground",
        )}
      >
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <p className="font-medium">{title}</p>
      <div className="max-w-md text-sm text-muted-foreground">{children}</div>
    </div>
  );
}

/**
 * A full-width row for empty and error states inside a table body. The table's scroll wrapper
 * must be a size container (`@container`): the message is as wide as the visible part and sticks
 * to it, so it stays centred in view when a wide table scrolls sideways.
 */
export function TableMessage({
  colSpan,
  ...props
}: { colSpan: number } & Parameters<typeof ListMessage>[0]) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={colSpan} className="p-0">
        <ListMessage {...props} className={cn("sticky left-0 w-[100cqw]", props.className)} />
      </TableCell>
    </TableRow>
  );
}
