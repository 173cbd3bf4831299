import type { ReactNode } from "react";

import { cn } from "~/lib/utils";

/** Title block at the top of the FAQ and legal pages: eyebrow, the page's one h1, lead text. */
export function PageIntro({
  eyebrow,
  title,
  lead,
  children,
  wide = false,
}: {
  eyebrow: string;
  title: string;
  lead?: string;
  children?: ReactNode;
  /** Align with a wider layout below (the legal pages' contents + text grid). */
  wide?: boolean;
}) {
  return (
    <div className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 mx-auto h-72 max-w-3xl rounded-full bg-brand/10 blur-3xl"
      />
      <div
        className={cn(
          "relative mx-auto px-4 pt-14 pb-10 sm:px-6 sm:pt-20 sm:pb-12",
          wide ? "max-w-5xl" : "max-w-3xl",
        )}
      >
        <p className="mb-3 text-sm font-semibold tracking-wide text-brand-text uppercase">{eyebrow}</p>
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {lead ? (
          <p className="mt-4 max-w-2xl text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
            {lead}
          </p>
        ) : null}
        {children}
      </div>
    </div>
  );
}
