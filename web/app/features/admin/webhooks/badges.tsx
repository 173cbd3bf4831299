// The Webhooks page's small pieces: tinted badges, a delivery's status, delivery counts, a card's field.
import type { ReactNode } from "react";
import { CircleCheckIcon, CircleXIcon, ClockIcon } from "lucide-react";

import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/utils";

import type { DeliveryStatus } from "./api";
import { useWebhooksCopy } from "./copy";

const TONES = {
  good: "border-emerald-600/20 bg-emerald-50 text-emerald-700 dark:border-emerald-400/25 dark:bg-emerald-400/10 dark:text-emerald-300",
  warn: "border-amber-600/20 bg-amber-50 text-amber-800 dark:border-amber-400/25 dark:bg-amber-400/10 dark:text-amber-300",
  bad: "border-red-600/20 bg-red-50 text-red-700 dark:border-red-400/25 dark:bg-red-400/10 dark:text-red-300",
  neutral: "border-sky-600/20 bg-sky-50 text-sky-700 dark:border-sky-400/25 dark:bg-sky-400/10 dark:text-sky-300",
  muted: "border-border bg-muted text-muted-foreground",
} as const;

export function ToneBadge({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <Badge variant="outline" className={cn("rounded-full px-2.5", TONES[tone])}>
      {children}
    </Badge>
  );
}

const DELIVERY_STATUS = {
  delivered: { tone: "good", icon: CircleCheckIcon },
  pending: { tone: "warn", icon: ClockIcon },
  failed: { tone: "bad", icon: CircleXIcon },
} as const;

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { t } = useWebhooksCopy();
  const { tone, icon: Icon } = DELIVERY_STATUS[status];
  return (
    <ToneBadge tone={tone}>
      <Icon aria-hidden="true" />
      {t(`status.${status}`)}
    </ToneBadge>
  );
}

export function DeliveryCounts({ counts }: { counts: { pending: number; delivered: number; failed: number } }) {
  const { t } = useWebhooksCopy();
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-0.5 text-sm tabular-nums [&>span]:whitespace-nowrap">
      <span className="text-emerald-700 dark:text-emerald-300">{t("counts.delivered", { count: counts.delivered })}</span>
      {counts.pending ? <span className="text-amber-700 dark:text-amber-300">{t("counts.pending", { count: counts.pending })}</span> : null}
      {counts.failed ? <span className="text-red-700 dark:text-red-300">{t("counts.failed", { count: counts.failed })}</span> : null}
    </span>
  );
}

export function CardField({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}
