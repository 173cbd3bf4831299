import type { ComponentProps } from "react";
import { ArrowUpRightIcon } from "lucide-react";

import { cn } from "~/lib/utils";

/**
 * A link to another site, opened in a new tab. `newTabLabel` is read by screen readers only
 * (e.g. "(opens in a new tab)"), in the page's language.
 */
export function ExternalLink({
  href,
  children,
  className,
  newTabLabel,
  ...props
}: Omit<ComponentProps<"a">, "target" | "rel"> & { href: string; newTabLabel: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(
        "inline-flex items-baseline gap-0.5 rounded-sm font-medium text-brand-text underline decoration-brand-text/40 underline-offset-4 transition-colors outline-none hover:decoration-brand-text focus-visible:ring-[3px] focus-visible:ring-ring/50",
        className,
      )}
      {...props}
    >
      {children}
      <ArrowUpRightIcon aria-hidden="true" className="size-3.5 shrink-0 translate-y-0.5 self-center" />
      <span className="sr-only"> {newTabLabel}</span>
    </a>
  );
}

/** Shared look for inline links inside running text (internal links and e-mail addresses). */
export const inlineLinkClass =
  "rounded-sm font-medium text-brand-text underline decoration-brand-text/40 underline-offset-4 transition-colors outline-none hover:decoration-brand-text focus-visible:ring-[3px] focus-visible:ring-ring/50";
