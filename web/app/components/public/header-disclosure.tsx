import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { ChevronDownIcon } from "lucide-react";

import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

// The public header's menus are light disclosure widgets (no Radix DropdownMenu): the landing's
// first load must stay small. web/enhance/header.ts drives the same markup before React takes over.

/**
 * A button that shows a small panel of links or choices (disclosure pattern): Escape or a click
 * outside closes it, arrow keys move between its items, focus leaving it closes it.
 */
export function Disclosure({
  label,
  triggerLabel,
  triggerClassName,
  align = "start",
  children,
}: {
  /** Accessible name of the trigger, when its visible content is not enough. */
  label?: string;
  triggerLabel: ReactNode;
  triggerClassName?: string;
  align?: "start" | "end";
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  function items() {
    return Array.from(
      rootRef.current?.querySelectorAll<HTMLElement>("[data-menu-item]") ?? [],
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      setOpen(false);
      triggerRef.current?.focus();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    if (!open) {
      const last = event.key === "ArrowUp";
      setOpen(true);
      // The items can take focus once React has shown the panel.
      requestAnimationFrame(() => {
        const list = items();
        list[last ? list.length - 1 : 0]?.focus();
      });
      return;
    }
    const list = items();
    if (list.length === 0) return;
    const index = list.indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === "ArrowDown"
        ? (index + 1) % list.length
        : (index - 1 + list.length) % list.length;
    list[next]?.focus();
  }

  return (
    <div
      ref={rootRef}
      data-disclosure
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Button
        ref={triggerRef}
        type="button"
        variant="ghost"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        data-disclosure-trigger
        className={cn("group", triggerClassName)}
        onClick={() => setOpen((value) => !value)}
      >
        {triggerLabel}
        <ChevronDownIcon
          className="size-4 opacity-70 transition-transform group-aria-expanded:rotate-180"
          aria-hidden="true"
        />
      </Button>
      <div
        id={panelId}
        hidden={!open}
        className={cn(
          "absolute top-full z-50 mt-2 min-w-52 rounded-lg border bg-popover p-1.5 text-popover-foreground shadow-lg animate-in fade-in-0 zoom-in-95",
          align === "end" ? "right-0 origin-top-right" : "left-0 origin-top-left",
        )}
      >
        {children(close)}
      </div>
    </div>
  );
}

export const MENU_ITEM_CLASS =
  "flex w-full items-center gap-2.5 rounded-md px-2.5 py-2 text-left text-sm outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4 [&_svg]:shrink-0";
