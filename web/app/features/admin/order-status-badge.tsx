import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/utils";

import { useAdminCopy } from "./copy";

/** The spec's transaction styling: paid green, pending yellow, anything else grey. */
export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useAdminCopy();
  const tone =
    status === "paid"
      ? "border-emerald-600/20 bg-emerald-50 text-emerald-700 dark:border-emerald-400/25 dark:bg-emerald-400/10 dark:text-emerald-300"
      : status === "pending"
        ? "border-amber-600/20 bg-amber-50 text-amber-800 dark:border-amber-400/25 dark:bg-amber-400/10 dark:text-amber-300"
        : "border-border bg-muted text-muted-foreground";
  return (
    <Badge variant="outline" className={cn("rounded-full px-2.5 capitalize", tone)}>
      {/* The transactions namespace names each order status; an unknown one shows as the server sent it. */}
      {t(`transactions:status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
