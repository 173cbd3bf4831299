import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/utils";

type Tone = "success" | "pending" | "failed" | "other";

/** The spec's OTP history status display. */
export function describeStatus(status: string | null | undefined): { label: string; tone: Tone } {
  const value = (status ?? "").trim();
  switch (value.toLowerCase()) {
    case "success":
    case "completed":
      return { label: "Success", tone: "success" };
    case "pending":
      return { label: "Pending", tone: "pending" };
    case "failed":
    case "error":
      return { label: "Failed", tone: "failed" };
    case "":
      return { label: "Unknown", tone: "other" };
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
const REASONS: Record<string, string> = {
  expired: "No code in time, refunded",
  cancelled: "Cancelled, refunded",
};

export function OtpStatusBadge({ status, reason }: { status: string; reason?: string | null }) {
  const { label, tone } = describeStatus(status);
  // Shown as text, not a hover title: readable without a mouse and by screen readers alike.
  const why = tone === "failed" && reason ? (REASONS[reason] ?? reason) : undefined;
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <Badge variant="outline" className={cn("gap-1.5 rounded-full px-2.5", STYLES[tone])}>
        <span className={cn("size-1.5 rounded-full", DOTS[tone])} aria-hidden="true" />
        {label}
      </Badge>
      {why ? <span className="text-xs text-muted-foreground">{why}</span> : null}
    </span>
  );
}
