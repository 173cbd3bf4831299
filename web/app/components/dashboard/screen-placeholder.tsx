import type { ReactNode } from "react";
import { SparklesIcon } from "lucide-react";

import { DashboardPage } from "~/components/dashboard/page-header";

export const LATER_RELEASE_TEXT = "This screen arrives in a later release.";

/** A dashboard screen whose content a later release builds. */
export function ScreenPlaceholder({
  title,
  description,
  badge,
}: {
  title: string;
  description?: string;
  badge?: ReactNode;
}) {
  return (
    <DashboardPage title={title} description={description} badge={badge}>
      <div className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-muted/30 px-6 py-12 text-center">
        <span className="flex size-10 items-center justify-center rounded-full bg-background shadow-xs ring-1 ring-border">
          <SparklesIcon className="size-5 text-muted-foreground" aria-hidden="true" />
        </span>
        <p className="max-w-sm text-sm text-muted-foreground">{LATER_RELEASE_TEXT}</p>
      </div>
    </DashboardPage>
  );
}
