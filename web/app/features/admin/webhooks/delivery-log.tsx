// The delivery log of one endpoint (or of Telegram): status filter, pages, each delivery's last
// response, its details and Replay.
import { useState } from "react";
import { FileTextIcon, RotateCwIcon, SendIcon } from "lucide-react";
import { toast } from "~/lib/toast";

import { DataCards, DataTable } from "~/components/data-table/data-table";
import { ListSelect } from "~/components/data-table/list-select";
import { loadErrorState, useErrorToast, type ListState } from "~/components/data-table/list-state";
import { Pagination } from "~/components/data-table/pagination";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { TableCell, TableRow } from "~/components/ui/table";
import { useIsMobile } from "~/hooks/use-mobile";
import { useDates } from "~/lib/dates";
import { errorMessage, showErrorToast } from "~/lib/errors";
import type { TFunction } from "~/lib/i18n";
import { cn } from "~/lib/utils";

import type { Delivery, DeliveryStatus, LogTarget } from "./api";
import { CardField, DeliveryStatusBadge } from "./badges";
import { useWebhooksCopy, webhooksText } from "./copy";
import { DeliveryDetailsDialog } from "./delivery-details-dialog";
import { useDeliveries, useReplayDelivery } from "./queries";

const LOG_PAGE_SIZE = 20;
const STATUS_FILTERS = ["all", "pending", "delivered", "failed"] as const satisfies readonly ("all" | DeliveryStatus)[];
type StatusFilter = (typeof STATUS_FILTERS)[number];

const columns = (t: TFunction) => [
  { label: t("log.columns.time"), skeletonClassName: "h-4 w-28" },
  { label: t("log.columns.event"), skeletonClassName: "h-4 w-24" },
  { label: t("log.columns.status"), skeletonClassName: "h-5 w-20 rounded-full" },
  { label: t("log.columns.attempts"), className: "text-center", skeletonClassName: "mx-auto h-4 w-6" },
  { label: t("log.columns.lastResponse"), skeletonClassName: "h-4 w-40" },
  { label: t("log.columns.actions"), className: "text-right", skeletonClassName: "ml-auto h-8 w-28" },
];

export function DeliveryLog({ target, title }: { target: LogTarget; title: string }) {
  const { t } = useWebhooksCopy();
  const { formatDateTime, formatTime } = useDates();
  const isMobile = useIsMobile();
  const [filter, setFilter] = useState<StatusFilter>("all");
  const [page, setPage] = useState(1);
  const [details, setDetails] = useState<string | null>(null);
  const query = useDeliveries({ target, status: filter === "all" ? undefined : filter, page, pageSize: LOG_PAGE_SIZE });
  const data = query.data;
  const busy = query.isFetching && query.isPlaceholderData;
  useErrorToast("webhook-deliveries-error", t("log.loadError"), query.error, errorMessage);

  let state: ListState | null = null;
  if (!data && query.isError) state = loadErrorState(t("log.loadFailed"), errorMessage(query.error), () => void query.refetch());
  else if (data?.deliveries.length === 0) {
    state = {
      icon: SendIcon,
      title: filter === "all" ? t("log.empty") : t(`log.emptyFiltered.${filter}`),
      body: <p>{target.kind === "telegram" ? t("log.emptyTelegram") : t("log.emptyEndpoint")}</p>,
    };
  }

  return (
    <Card className="gap-0 overflow-hidden py-0">
      <div className="flex flex-col gap-3 border-b px-4 py-4 sm:flex-row sm:items-end sm:justify-between sm:px-6">
        <div className="grid min-w-0 gap-0.5">
          <h2 className="font-semibold">{t("log.title")}</h2>
          <p className="text-sm break-all text-muted-foreground">{title}</p>
        </div>
        <ListSelect
          label={t("log.show")}
          value={filter}
          options={STATUS_FILTERS.map((value) => ({ value, label: t(`log.filters.${value}`) }))}
          onChange={(value) => {
            setFilter(value);
            setPage(1);
          }}
          triggerClassName="w-full sm:w-44"
        />
      </div>
      {isMobile ? (
        <DataCards
          rows={data?.deliveries}
          state={state}
          busy={busy}
          loadingLabel={t("log.loading")}
          renderCards={(list) => (
            <ul aria-label={t("log.listLabel")} className="divide-y">
              {list.map((delivery) => (
                <li key={delivery.id} className="grid gap-3 px-4 py-4">
                  <div className="flex items-start justify-between gap-3">
                    <div className="grid gap-0.5">
                      <span className="font-mono text-[13px] font-medium">{delivery.eventType}</span>
                      <time dateTime={delivery.createdAt} className="text-xs text-muted-foreground">
                        {formatDateTime(delivery.createdAt)}
                      </time>
                    </div>
                    <DeliveryStatusBadge status={delivery.status} />
                  </div>
                  <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
                    <CardField term={t("log.attempts")}>{delivery.attempts}</CardField>
                    <CardField term={t("log.lastResponse")}>
                      <LastResponse delivery={delivery} />
                    </CardField>
                    {delivery.status === "pending" ? <CardField term={t("log.nextAttempt")}>{formatDateTime(delivery.nextAttemptAt)}</CardField> : null}
                  </dl>
                  <DeliveryActions delivery={delivery} onDetails={() => setDetails(delivery.id)} />
                </li>
              ))}
            </ul>
          )}
        />
      ) : (
        <DataTable
          columns={columns(t)}
          caption={t("log.caption", { target: title })}
          scrollLabel={t("log.scrollLabel")}
          className="min-w-[52rem]"
          rows={data?.deliveries}
          state={state}
          busy={busy}
          loadingLabel={t("log.loading")}
          renderRow={(delivery) => (
            <TableRow key={delivery.id}>
              <TableCell className="pl-4 whitespace-nowrap sm:pl-6">
                <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt)}</time>
              </TableCell>
              <TableCell className="font-mono text-[13px]">{delivery.eventType}</TableCell>
              <TableCell>
                <div className="grid justify-items-start gap-1">
                  <DeliveryStatusBadge status={delivery.status} />
                  {delivery.status === "pending" ? (
                    <span className="text-xs whitespace-nowrap text-muted-foreground">{t("log.nextTry", { time: formatTime(delivery.nextAttemptAt) })}</span>
                  ) : null}
                </div>
              </TableCell>
              <TableCell className="text-center tabular-nums">{delivery.attempts}</TableCell>
              <TableCell className="max-w-[22rem] min-w-[12rem]">
                <LastResponse delivery={delivery} />
              </TableCell>
              <TableCell className="pr-4 text-right sm:pr-6">
                <DeliveryActions delivery={delivery} onDetails={() => setDetails(delivery.id)} compact />
              </TableCell>
            </TableRow>
          )}
        />
      )}
      {data && data.total > LOG_PAGE_SIZE ? (
        <Pagination page={page} pageSize={LOG_PAGE_SIZE} total={data.total} noun={t("log.noun")} label={t("log.pages")} onPageChange={setPage} />
      ) : null}
      <DeliveryDetailsDialog id={details} onClose={() => setDetails(null)} />
    </Card>
  );
}

function LastResponse({ delivery }: { delivery: Delivery }) {
  const { t } = useWebhooksCopy();
  if (!delivery.lastAttemptAt) return <span className="text-muted-foreground">{t("log.notAttempted")}</span>;
  const ok = delivery.status === "delivered";
  return (
    <div className="grid min-w-0 gap-0.5">
      <span className={cn("font-medium tabular-nums", !ok && "text-destructive")}>
        {delivery.lastStatus ? t("log.http", { status: delivery.lastStatus }) : (delivery.lastError ?? t("log.noAnswer"))}
      </span>
      {delivery.lastStatus && (delivery.lastResponse || (!ok && delivery.lastError)) ? (
        <span className="line-clamp-2 font-mono text-xs break-all text-muted-foreground" title={delivery.lastResponse ?? delivery.lastError ?? undefined}>
          {delivery.lastResponse || delivery.lastError}
        </span>
      ) : null}
    </div>
  );
}

function DeliveryActions({ delivery, onDetails, compact = false }: { delivery: Delivery; onDetails: () => void; compact?: boolean }) {
  const { t } = useWebhooksCopy();
  const replay = useReplayDelivery();
  const run = async () => {
    try {
      await replay.mutateAsync(delivery.id);
      toast.success(webhooksText("log.replayQueued"), { description: webhooksText("log.replayQueuedText", { event: delivery.eventType }) });
    } catch (error) {
      showErrorToast(error, "replay-delivery");
    }
  };
  return (
    <div className="flex items-center justify-end gap-1">
      <Button
        variant="ghost"
        size={compact ? "icon" : "sm"}
        className={cn(compact && "size-8")}
        onClick={onDetails}
        aria-label={t("log.detailsLabel", { event: delivery.eventType })}
        title={t("log.detailsTitle")}
      >
        <FileTextIcon aria-hidden="true" />
        {compact ? null : t("log.details")}
      </Button>
      <Button variant="outline" size="sm" onClick={() => void run()} disabled={replay.isPending} aria-label={t("log.replayLabel", { event: delivery.eventType })}>
        <RotateCwIcon className={cn(replay.isPending && "animate-spin")} aria-hidden="true" />
        {t("log.replay")}
      </Button>
    </div>
  );
}
