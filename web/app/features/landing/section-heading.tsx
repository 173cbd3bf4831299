import type { ReactNode } from "react";

import { cn } from "~/lib/utils";

/** Eyebrow + h2 + intro shared by the landing sections. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  className,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("mx-auto max-w-2xl text-center", className)}>
      <p className="text-sm font-semibold tracking-wide text-brand-text uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl [&:lang(km)]:leading-snug">
        {title}
      </h2>
      {children ? (
        <p className="mt-4 text-lg leading-relaxed text-pretty text-muted-foreground">{children}</p>
      ) : null}
    </div>
  );
}
