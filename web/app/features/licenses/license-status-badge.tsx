import type { LicenseStatus } from "../../../../contracts/licenses";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/utils";

import { useLicensesCopy } from "./copy";

const STYLES: Record<LicenseStatus, string> = {
  Active:
    "border-emerald-600/20 bg-emerald-50 text-emerald-700 dark:border-emerald-400/25 dark:bg-emerald-400/10 dark:text-emerald-300",
  New: "border-sky-600/20 bg-sky-50 text-sky-700 dark:border-sky-400/25 dark:bg-sky-400/10 dark:text-sky-300",
  Expired:
    "border-red-600/20 bg-red-50 text-red-700 dark:border-red-400/25 dark:bg-red-400/10 dark:text-red-300",
  // An admin's hold: suspended can be lifted, revoked is final.
  Suspended:
    "border-amber-600/25 bg-amber-50 text-amber-800 dark:border-amber-400/25 dark:bg-amber-400/10 dark:text-amber-300",
  Revoked:
    "border-zinc-600/25 bg-zinc-100 text-zinc-700 dark:border-zinc-400/25 dark:bg-zinc-400/10 dark:text-zinc-300",
};

const DOTS: Record<LicenseStatus, string> = {
  Active: "bg-emerald-500",
  New: "bg-sky-500",
  Expired: "bg-red-500",
  Suspended: "bg-amber-500",
  Revoked: "bg-zinc-500",
};

/** A revoked licence (its order was refunded) says so instead of its dates' status. */
export function LicenseStatusBadge({ status, revokedAt }: { status: LicenseStatus; revokedAt?: string | null }) {
  const { t } = useLicensesCopy();
  if (revokedAt) {
    return (
      <Badge variant="outline" className="gap-1.5 rounded-full border-border bg-muted px-2.5 text-muted-foreground" title={t("status.refundedTitle")} data-testid="licence-revoked">
        <span className="size-1.5 rounded-full bg-muted-foreground/60" aria-hidden="true" />
        {t("status.revokedRefunded")}
      </Badge>
    );
  }
  return (
    <Badge variant="outline" className={cn("gap-1.5 rounded-full px-2.5", STYLES[status])} data-status={status}>
      <span className={cn("size-1.5 rounded-full", DOTS[status])} aria-hidden="true" />
      {t(`status.${status}`)}
    </Badge>
  );
}
