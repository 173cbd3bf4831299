import type { ReactNode } from "react";

import { PublicFooter } from "~/components/public/public-footer";
import { PublicHeader } from "~/components/public/public-header";
import { MAIN_CONTENT_ID, SkipLink } from "~/components/skip-link";
import { cn } from "~/lib/utils";

/** Shell of every public page: green brand, header with navigation, main, footer. */
export function PublicPage({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className="brand-green flex min-h-svh flex-col">
      <SkipLink />
      <PublicHeader />
      <main id={MAIN_CONTENT_ID} className={cn("flex-1", className)}>
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

/** A simple titled section for pages that a later release fills in. */
export function PublicPlaceholder({
  eyebrow,
  title,
  description,
  children,
}: {
  eyebrow?: string;
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 sm:px-6 sm:py-28">
      {eyebrow ? (
        <p className="mb-3 text-sm font-semibold tracking-wide text-brand-text uppercase">{eyebrow}</p>
      ) : null}
      <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
      <p className="mt-5 text-lg leading-relaxed text-pretty text-muted-foreground">{description}</p>
      {children ? <div className="mt-10">{children}</div> : null}
    </section>
  );
}
