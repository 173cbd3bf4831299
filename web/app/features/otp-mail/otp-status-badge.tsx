import { Badge } from "~/components/ui/badge";
import type { TFunction } from "~/lib/i18n";
import { cn } from "~/lib/utils";

import { useOtpCopy } from "./copy";

type Tone = "success" | "pending" | "failed" | "other";

/**
 * The spec's OTP history status display: success or completed 'Success', pending 'Pending',
 * failed or error 'Failed' (in the reader's language), 'Unknown' when empty, else as given.
 */
export function describeStatus(t: TFunction, status: string | null | undefined): { label: string; tone: Tone } {
  const value = (status ?? "").trim();
  switch (value.toLowerCase()) {
    case "success":
    case "completed":
      return { label: t("otp:status.success"), tone: "success" };
    case "pending":
      return { label: t("otp:status.pending"), tone: "pending" };
    case "failed":
    case "error":
      return { label: t("otp:status.failed"), tone: "failed" };
    case "":
      return { label: t("otp:status.unknown"), tone: "other" };
    default:
      return { label: value, tone: "other" };
  }
}

const STYLES: Record<Tone, string> = {
  success:
    "border-emerald-600/20 bg-emerald-50 text-emerald-700 dark:border-emerald-400/25 dark:bg-emerald-400/10 dark:text-emerald-300",
  pending:
    "border-amber-600/20 bg-amber-50 text-amber-800 dark:border-amber-400/25 dark:bg-amber-400/10 dark:text-amber-300",
  failed: "border-red-600/20 bg-red-50 text-red-700 dark:border-red-400/25 dark:bg-red-400/10 dark:text-red-300",
  other: "border-border bg-muted text-muted-foreground",
};

const DOTS: Record<Tone, string> = {
  success: "bg-emerald-500",
  pending: "bg-amber-500",
  failed: "bg-red-500",
  other: "bg-muted-foreground",
};

/** Why an order failed, said plainly; failed orders were refunded (server rule). */
const REASONS = new Set(["expired", "cancelled"]);

export function OtpStatusBadge({ status, reason }: { status: string; reason?: string | null }) {
  const { t } = useOtpCopy();
  const { label, tone } = describeStatus(t, status);
  // Shown as text, not a hover title: readable without a mouse and by screen readers alike.
  const why = tone === "failed" && reason ? (REASONS.has(reason) ? t(`reasons.${reason}`) : reason) : undefined;
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <Badge variant="outline" className={cn("gap-1.5 rounded-full px-2.5", STYLES[tone])} data-tone={tone}>
        <span className={cn("size-1.5 rounded-full", DOTS[tone])} aria-hidden="true" />
        {label}
      </Badge>
      {why ? <span className="text-xs text-muted-foreground">{why}</span> : null}
    </span>
  );
}
