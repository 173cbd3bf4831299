import type { OrderStatus } from "../../../../contracts/orders";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/utils";

import { useTransactionsCopy } from "./copy";

const STATUSES: readonly string[] = ["paid", "pending", "failed", "cancelled", "refunded"] satisfies OrderStatus[];

/** The spec's transaction status styling: paid green, pending yellow, others grey. */
export function transactionTone(status: string): "paid" | "pending" | "other" {
  return status === "paid" ? "paid" : status === "pending" ? "pending" : "other";
}

const STYLES = {
  paid: "border-emerald-600/20 bg-emerald-50 text-emerald-700 dark:border-emerald-400/25 dark:bg-emerald-400/10 dark:text-emerald-300",
  pending:
    "border-amber-500/30 bg-amber-50 text-amber-800 dark:border-amber-400/25 dark:bg-amber-400/10 dark:text-amber-300",
  other: "border-border bg-muted text-muted-foreground",
} as const;

const DOTS = { paid: "bg-emerald-500", pending: "bg-amber-500", other: "bg-muted-foreground/60" } as const;

export function TransactionStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTransactionsCopy();
  const tone = transactionTone(status);
  return (
    <Badge variant="outline" data-tone={tone} className={cn("gap-1.5 rounded-full px-2.5", STYLES[tone])}>
      <span className={cn("size-1.5 rounded-full", DOTS[tone])} aria-hidden="true" />
      {STATUSES.includes(status) ? t(`status.${status}`) : status}
    </Badge>
  );
}
