import type { ComponentProps, ReactNode } from "react";

/** The top of a dashboard screen: its <h1>, an optional subtitle, badge and actions. */
export function PageHeader({
  title,
  description,
  badge,
  actions,
}: {
  title: string;
  description?: string;
  badge?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="grid gap-1.5">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
          {badge}
        </div>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </div>
  );
}

/** A dashboard screen: its header, then its content, spaced alike on every page. */
export function DashboardPage({ children, ...header }: ComponentProps<typeof PageHeader> & { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader {...header} />
      {children}
    </div>
  );
}
