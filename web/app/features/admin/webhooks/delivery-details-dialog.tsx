// One delivery in full: the body (or Telegram message) as sent and every attempt.
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Skeleton } from "~/components/ui/skeleton";
import { useDates } from "~/lib/dates";
import { errorMessage } from "~/lib/errors";
import { cn } from "~/lib/utils";

import { DeliveryStatusBadge } from "./badges";
import { useWebhooksCopy } from "./copy";
import { useDelivery } from "./queries";

export function DeliveryDetailsDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useWebhooksCopy();
  const { formatDateTime } = useDates();
  const query = useDelivery(id);
  const detail = query.data;
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("details.title")}</DialogTitle>
          <DialogDescription className="font-mono text-xs break-all">{id}</DialogDescription>
        </DialogHeader>
        {!detail ? (
          query.isError ? (
            <p className="text-sm text-destructive">{errorMessage(query.error)}</p>
          ) : (
            <div className="grid gap-2" role="status">
              <span className="sr-only">{t("details.loading")}</span>
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-24 w-full" />
            </div>
          )
        ) : (
          <div className="grid gap-4 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono">{detail.delivery.eventType}</span>
              <DeliveryStatusBadge status={detail.delivery.status} />
              <span className="text-muted-foreground break-all">{t("details.to", { target: detail.delivery.target })}</span>
            </div>
            <section className="grid gap-1.5">
              <h3 className="font-medium">{detail.delivery.channel === "webhook" ? t("details.body") : t("details.message")}</h3>
              <pre className="max-h-64 overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap break-all">{prettyPayload(detail.payload, detail.delivery.channel)}</pre>
            </section>
            <section className="grid gap-1.5">
              <h3 className="font-medium">{t("details.attempts")}</h3>
              {detail.attemptLog.length === 0 ? (
                <p className="text-muted-foreground">{t("details.notAttempted")}</p>
              ) : (
                <ol className="grid gap-2">
                  {detail.attemptLog.map((attempt) => (
                    <li key={attempt.at} className="grid gap-0.5 rounded-md border px-3 py-2">
                      <div className="flex flex-wrap justify-between gap-2">
                        <span className={cn("font-medium", (!attempt.status || attempt.status >= 300) && "text-destructive")}>
                          {attempt.status ? t("log.http", { status: attempt.status }) : (attempt.error ?? t("log.noAnswer"))}
                        </span>
                        <span className="text-xs text-muted-foreground">
                          {formatDateTime(attempt.at)} · {t("details.duration", { ms: attempt.durationMs })}
                        </span>
                      </div>
                      {attempt.response || (attempt.status && attempt.error) ? (
                        <span className="font-mono text-xs break-all text-muted-foreground">{attempt.response || attempt.error}</span>
                      ) : null}
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function prettyPayload(payload: string, channel: "webhook" | "telegram") {
  if (channel !== "webhook") return payload;
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}
