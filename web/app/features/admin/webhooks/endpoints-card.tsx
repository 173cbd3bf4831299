// The shop's webhook endpoints: a table on wide screens, cards on phones, each with its events,
// status, deliveries and an actions menu.
import type { ReactNode } from "react";
import { ListIcon, PlusIcon, WebhookIcon } from "lucide-react";

import { SHOP_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES } from "../../../../../contracts/notifications";
import { DataCards, DataTable } from "~/components/data-table/data-table";
import type { ListState } from "~/components/data-table/list-state";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { TableCell, TableRow } from "~/components/ui/table";
import { useIsMobile } from "~/hooks/use-mobile";
import { useDates } from "~/lib/dates";
import { WrittenText } from "~/components/written-text";
import { Trans, type TFunction } from "~/lib/i18n";
import { cn } from "~/lib/utils";

import type { WebhookEndpoint, WebhookList } from "./api";
import { CardField, DeliveryCounts, ToneBadge } from "./badges";
import { eventMeaning, useWebhooksCopy } from "./copy";
import { EndpointActions } from "./endpoint-actions";

const columns = (t: TFunction) => [
  { label: t("endpoints.columns.endpoint"), skeletonClassName: "h-4 w-56" },
  { label: t("endpoints.columns.events"), skeletonClassName: "h-4 w-24" },
  { label: t("endpoints.columns.status"), skeletonClassName: "h-5 w-16 rounded-full" },
  { label: t("endpoints.columns.deliveries"), skeletonClassName: "h-4 w-28" },
  { label: t("endpoints.columns.actions"), className: "text-right", skeletonClassName: "ml-auto size-8" },
];

export function EndpointsCard({
  data,
  state,
  selectedId,
  onShowLog,
  onAdd,
  onSecret,
}: {
  data: WebhookList | undefined;
  state: ListState | null;
  selectedId: string | null;
  onShowLog: (id: string) => void;
  onAdd: () => void;
  onSecret: (secret: string, url: string) => void;
}) {
  const { t } = useWebhooksCopy();
  const { formatDateTime } = useDates();
  const isMobile = useIsMobile();
  const endpoints = data?.endpoints;
  const message: ListState | null =
    state ??
    (endpoints?.length === 0
      ? {
          icon: WebhookIcon,
          title: t("endpoints.empty"),
          body: (
            <>
              <p>{t("endpoints.emptyBody")}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={onAdd}>
                <PlusIcon aria-hidden="true" />
                {t("endpoints.add")}
              </Button>
            </>
          ),
        }
      : null);
  const actions = (endpoint: WebhookEndpoint) => <EndpointActions endpoint={endpoint} eventTypes={data!.eventTypes} onShowLog={() => onShowLog(endpoint.id)} onSecret={onSecret} />;

  return (
    <Card className="gap-0 overflow-hidden py-0">
      <div className="grid gap-0.5 border-b px-4 py-4 sm:px-6">
        <h2 className="font-semibold">{t("endpoints.title")}</h2>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {endpoints ? t("endpoints.count", { count: endpoints.length }) : state ? t("endpoints.notLoaded") : t("endpoints.loading")}
        </p>
      </div>
      {isMobile ? (
        <DataCards
          rows={endpoints}
          state={message}
          renderCards={(list) => (
            <ul aria-label={t("endpoints.listLabel")} className="divide-y">
              {list.map((endpoint) => (
                <li key={endpoint.id} className={cn("grid gap-3 px-4 py-4", endpoint.id === selectedId && "bg-muted/40")}>
                  <div className="flex items-start justify-between gap-3">
                    <EndpointName endpoint={endpoint} />
                    {actions(endpoint)}
                  </div>
                  <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
                    <CardField term={t("endpoints.status")}>
                      <EndpointStatus endpoint={endpoint} />
                    </CardField>
                    <CardField term={t("endpoints.events")}>
                      <EventList events={endpoint.events} />
                    </CardField>
                    <CardField term={t("endpoints.deliveries")}>
                      <DeliveryCounts counts={endpoint.deliveries} />
                    </CardField>
                    <CardField term={t("endpoints.lastDelivery")}>{formatDateTime(endpoint.lastDeliveryAt)}</CardField>
                  </dl>
                  <Button variant={endpoint.id === selectedId ? "secondary" : "outline"} size="sm" onClick={() => onShowLog(endpoint.id)} aria-pressed={endpoint.id === selectedId} aria-label={t("endpoints.deliveriesTo", { url: endpoint.url })}>
                    <ListIcon aria-hidden="true" />
                    {t("endpoints.deliveryLog")}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        />
      ) : (
        <DataTable
          columns={columns(t)}
          caption={t("endpoints.caption")}
          scrollLabel={t("endpoints.scrollLabel")}
          className="min-w-[48rem]"
          rows={endpoints}
          state={message}
          loadingLabel={t("endpoints.loadingLabel")}
          renderRow={(endpoint) => (
            <TableRow key={endpoint.id} data-state={endpoint.id === selectedId ? "selected" : undefined}>
              <TableCell className="max-w-[22rem] min-w-[15rem] pl-4 sm:pl-6">
                <EndpointName endpoint={endpoint} />
              </TableCell>
              <TableCell className="max-w-[17rem] min-w-[13rem]">
                <EventList events={endpoint.events} />
              </TableCell>
              <TableCell>
                <EndpointStatus endpoint={endpoint} />
              </TableCell>
              <TableCell>
                <div className="grid gap-0.5">
                  <DeliveryCounts counts={endpoint.deliveries} />
                  {endpoint.lastDeliveryAt ? (
                    <span className="text-xs whitespace-nowrap text-muted-foreground">{t("endpoints.last", { date: formatDateTime(endpoint.lastDeliveryAt) })}</span>
                  ) : null}
                </div>
              </TableCell>
              <TableCell className="pr-4 text-right sm:pr-6">
                <div className="flex items-center justify-end gap-1">
                  <Button variant="ghost" size="sm" onClick={() => onShowLog(endpoint.id)} aria-pressed={endpoint.id === selectedId} aria-label={t("endpoints.deliveriesTo", { url: endpoint.url })}>
                    {t("endpoints.deliveries")}
                  </Button>
                  {actions(endpoint)}
                </div>
              </TableCell>
            </TableRow>
          )}
        />
      )}
    </Card>
  );
}

function EndpointName({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useWebhooksCopy();
  return (
    <div className="grid min-w-0 gap-0.5">
      <span className="font-mono text-[13px] [overflow-wrap:anywhere]">{breakable(endpoint.url)}</span>
      <span className="text-xs text-muted-foreground">
        {/* The seller's description and the secret's last characters are data, left as written. */}
        {endpoint.description ? (
          <>
            <WrittenText>{endpoint.description}</WrittenText>
            {" · "}
          </>
        ) : null}
        <Trans t={t} i18nKey="endpoints.secret" values={{ hint: endpoint.secretHint }} components={{ hint: <WrittenText className="font-mono" /> }} />
      </span>
    </div>
  );
}

/** A URL that wraps after its slashes and dots rather than inside a word. */
function breakable(url: string): ReactNode {
  return url.split(/(?<=[/.?&])/).map((part, i) => (
    <span key={i}>
      {part}
      <wbr />
    </span>
  ));
}

function EventList({ events }: { events: string[] }) {
  const { t } = useWebhooksCopy();
  if (events.length === WEBHOOK_EVENT_TYPES.length) {
    return (
      <Badge variant="outline" className="font-normal" title={events.join(", ")}>
        {t("endpoints.allEvents", { count: events.length })}
      </Badge>
    );
  }
  return (
    <div className="flex flex-wrap gap-1">
      {events.map((type) => (
        <Badge key={type} variant="outline" className="font-mono text-[11px] font-normal" title={eventMeaning(t, type, SHOP_EVENT_DESCRIPTIONS[type as keyof typeof SHOP_EVENT_DESCRIPTIONS])}>
          {type}
        </Badge>
      ))}
    </div>
  );
}

function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useWebhooksCopy();
  return endpoint.active ? <ToneBadge tone="good">{t("endpoints.active")}</ToneBadge> : <ToneBadge tone="muted">{t("endpoints.paused")}</ToneBadge>;
}
