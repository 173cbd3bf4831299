// The browser's own <select>, styled like the other inputs (shadcn's NativeSelect). For a short
// list on a customer's page: no popper, focus trap or scroll lock to load (about 19 KB of the OTP
// page's first load with Radix's Select, issue #28), and a phone shows its own picker.
import { ChevronDownIcon } from "lucide-react";
import type { ComponentProps } from "react";

import { cn } from "~/lib/utils";

export function NativeSelect({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <div className={cn("relative", className)} data-slot="native-select-wrapper">
      <select
        data-slot="native-select"
        className="h-9 w-full cursor-pointer appearance-none rounded-md border border-input bg-transparent py-1 pr-8 pl-3 text-sm shadow-xs outline-none transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive dark:bg-input/30 dark:hover:bg-input/50 [&>option]:bg-popover [&>option]:text-popover-foreground"
        {...props}
      >
        {children}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 opacity-50" aria-hidden="true" />
    </div>
  );
}
