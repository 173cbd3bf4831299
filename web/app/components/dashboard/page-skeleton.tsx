import { Skeleton } from "~/components/ui/skeleton";
import { useTranslation } from "~/lib/i18n";

/** Shown while the signed-in user and their permissions are checked. */
export function PageSkeleton() {
  const { t } = useTranslation("shell");
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-6">
      <span className="sr-only">{t("loadingDashboard")}</span>
      <div className="grid gap-2">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
      <Skeleton className="h-72" />
    </div>
  );
}
