// The Webhooks page (super-admin): the seller's Telegram notifications, the shop's webhook
// endpoints, and the delivery log of one of them (or of Telegram) with Replay. Tables on wide
// screens, cards on phones.
import { useRef, useState, type ReactNode } from "react";
import {
  CircleCheckIcon,
  CircleXIcon,
  ClockIcon,
  EllipsisIcon,
  ExternalLinkIcon,
  FileTextIcon,
  KeyRoundIcon,
  ListIcon,
  PauseIcon,
  PencilIcon,
  PlayIcon,
  PlusIcon,
  RotateCwIcon,
  SendIcon,
  Trash2Icon,
  WebhookIcon,
} from "lucide-react";
import { toast } from "sonner";

import { SHOP_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES } from "../../../../contracts/notifications";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DataCards, DataTable } from "~/components/data-table/data-table";
import { ListSelect } from "~/components/data-table/list-select";
import { loadErrorState, useErrorToast, type ListState } from "~/components/data-table/list-state";
import { Pagination } from "~/components/data-table/pagination";
import { PageHeader } from "~/components/dashboard/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Skeleton } from "~/components/ui/skeleton";
import { TableCell, TableRow } from "~/components/ui/table";
import { formatDateTime, formatTime } from "~/lib/dates";
import { useIsMobile } from "~/hooks/use-mobile";
import { errorMessage, showErrorToast } from "~/lib/errors";
import { cn } from "~/lib/utils";

import { EndpointDialog, SecretDialog } from "./webhook-dialogs";
import type { Delivery, DeliveryStatus, LogTarget, WebhookEndpoint, WebhookList } from "./webhooks-api";
import { useDeleteWebhook, useDeliveries, useDelivery, useReplayDelivery, useRotateSecret, useUpdateWebhook, useWebhooks } from "./webhooks-queries";

const LOG_PAGE_SIZE = 20;
const ERROR_TITLE = "Error fetching webhooks";
const STATUS_FILTERS = { all: "All deliveries", pending: "Pending", delivered: "Delivered", failed: "Failed" } as const;
type StatusFilter = keyof typeof STATUS_FILTERS;

export function WebhooksPanel() {
  const query = useWebhooks();
  const data = query.data;
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ value: string; url: string; rotated: boolean } | null>(null);
  const [target, setTarget] = useState<LogTarget | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  useErrorToast("webhooks-error", ERROR_TITLE, query.error, errorMessage);

  // The log shows the first endpoint until another is chosen (Telegram's when there is none).
  const endpoints = data?.endpoints;
  const shown: LogTarget | null =
    target && (target.kind === "telegram" || endpoints?.some((e) => e.id === target.id))
      ? target
      : endpoints?.[0]
        ? { kind: "endpoint", id: endpoints[0].id }
        : data && data.telegram.mode !== "off"
          ? { kind: "telegram" }
          : null;

  const showLog = (next: LogTarget) => {
    setTarget(next);
    requestAnimationFrame(() => logRef.current?.scrollIntoView({ behavior: "smooth", block: "start" }));
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Webhooks"
        description="What happens in the shop, sent to your own tools (signed, retried for a day) and to your Telegram."
        actions={
          <Button onClick={() => setAdding(true)} disabled={!data}>
            <PlusIcon aria-hidden="true" />
            Add endpoint
          </Button>
        }
      />

      {data ? <TelegramCard telegram={data.telegram} selected={shown?.kind === "telegram"} onShowLog={() => showLog({ kind: "telegram" })} /> : null}

      <EndpointsCard
        data={data}
        state={!data && query.isError ? loadErrorState(ERROR_TITLE, errorMessage(query.error), () => void query.refetch()) : null}
        selectedId={shown?.kind === "endpoint" ? shown.id : null}
        onShowLog={(id) => showLog({ kind: "endpoint", id })}
        onAdd={() => setAdding(true)}
        onSecret={(value, url) => setSecret({ value, url, rotated: true })}
      />

      <div ref={logRef} className="scroll-mt-20">
        {shown && data ? <DeliveryLog key={shown.kind === "endpoint" ? shown.id : "telegram"} target={shown} title={logTitle(shown, data)} /> : null}
      </div>

      {data ? (
        <EndpointDialog
          open={adding}
          onOpenChange={setAdding}
          eventTypes={data.eventTypes}
          onCreated={(value, endpoint) => {
            setSecret({ value, url: endpoint.url, rotated: false });
            setTarget({ kind: "endpoint", id: endpoint.id });
          }}
        />
      ) : null}
      <SecretDialog secret={secret?.value ?? null} url={secret?.url ?? ""} rotated={secret?.rotated ?? false} onClose={() => setSecret(null)} />
    </div>
  );
}

function logTitle(target: LogTarget, data: WebhookList): string {
  if (target.kind === "telegram") return "Telegram";
  return data.endpoints.find((e) => e.id === target.id)?.url ?? "";
}

// ---- Telegram ---------------------------------------------------------------------------------

const TELEGRAM_MODES = {
  bot: { label: "On", tone: "good" },
  simulator: { label: "Simulator", tone: "neutral" },
  off: { label: "Off", tone: "muted" },
} as const;

function TelegramCard({ telegram, selected, onShowLog }: { telegram: WebhookList["telegram"]; selected: boolean; onShowLog: () => void }) {
  const mode = TELEGRAM_MODES[telegram.mode];
  return (
    <Card className="gap-0 py-0">
      <div className="flex flex-col gap-4 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <SendIcon className="size-4 text-muted-foreground" aria-hidden="true" />
            <h2 className="font-semibold">Telegram</h2>
            <ToneBadge tone={mode.tone}>{mode.label}</ToneBadge>
          </div>
          <p className="text-sm text-muted-foreground">
            {telegram.mode === "off"
              ? "Set TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID to hear about sales, refund requests and problems in Telegram."
              : `${telegram.chats === 1 ? "The seller's chat hears" : `${telegram.chats} chats hear`} about ${telegram.events.map(eventLabel).join(", ")}.`}
          </p>
          {telegram.mode !== "off" ? <DeliveryCounts counts={telegram.deliveries} /> : null}
        </div>
        {telegram.mode !== "off" ? (
          <div className="flex shrink-0 flex-wrap gap-2">
            {telegram.mode === "simulator" ? (
              <Button variant="outline" size="sm" asChild>
                <a href="/dev/telegram" target="_blank" rel="noreferrer">
                  <ExternalLinkIcon aria-hidden="true" />
                  Open simulator
                </a>
              </Button>
            ) : null}
            <Button variant={selected ? "secondary" : "outline"} size="sm" onClick={onShowLog} aria-pressed={selected}>
              <ListIcon aria-hidden="true" />
              Deliveries
            </Button>
          </div>
        ) : null}
      </div>
    </Card>
  );
}

/** "New sale" for order.paid, the catalogue's words otherwise. */
function eventLabel(type: string): string {
  const words: Record<string, string> = {
    "order.paid": "new sales",
    "refund.requested": "refund requests",
    "licence.suspicious": "suspicious licences",
    "otp.stock_low": "OTP stock running out",
    "ops.outbox_stuck": "a stuck outbox",
    "ops.reconciler_stuck": "payments not settling",
  };
  return words[type] ?? type;
}

// ---- Endpoints --------------------------------------------------------------------------------

const ENDPOINT_COLUMNS = [
  { label: "Endpoint", skeletonClassName: "h-4 w-56" },
  { label: "Events", skeletonClassName: "h-4 w-24" },
  { label: "Status", skeletonClassName: "h-5 w-16 rounded-full" },
  { label: "Deliveries", skeletonClassName: "h-4 w-28" },
  { label: "Actions", className: "text-right", skeletonClassName: "ml-auto size-8" },
] as const;

function EndpointsCard({
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
  const isMobile = useIsMobile();
  const endpoints = data?.endpoints;
  const message: ListState | null =
    state ??
    (endpoints?.length === 0
      ? {
          icon: WebhookIcon,
          title: "No endpoints yet",
          body: (
            <>
              <p>Add one to receive order.paid, licence.created, balance.low and more, each signed with a secret only you see.</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={onAdd}>
                <PlusIcon aria-hidden="true" />
                Add endpoint
              </Button>
            </>
          ),
        }
      : null);
  const actions = (endpoint: WebhookEndpoint) => <EndpointActions endpoint={endpoint} eventTypes={data!.eventTypes} onShowLog={() => onShowLog(endpoint.id)} onSecret={onSecret} />;

  return (
    <Card className="gap-0 overflow-hidden py-0">
      <div className="grid gap-0.5 border-b px-4 py-4 sm:px-6">
        <h2 className="font-semibold">Endpoints</h2>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {endpoints ? (endpoints.length === 1 ? "1 endpoint" : `${endpoints.length} endpoints`) : state ? "Not loaded" : "Loading…"}
        </p>
      </div>
      {isMobile ? (
        <DataCards
          rows={endpoints}
          state={message}
          renderCards={(list) => (
            <ul aria-label="Webhook endpoints" className="divide-y">
              {list.map((endpoint) => (
                <li key={endpoint.id} className={cn("grid gap-3 px-4 py-4", endpoint.id === selectedId && "bg-muted/40")}>
                  <div className="flex items-start justify-between gap-3">
                    <EndpointName endpoint={endpoint} />
                    {actions(endpoint)}
                  </div>
                  <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
                    <CardField term="Status">
                      <EndpointStatus endpoint={endpoint} />
                    </CardField>
                    <CardField term="Events">
                      <EventList events={endpoint.events} />
                    </CardField>
                    <CardField term="Deliveries">
                      <DeliveryCounts counts={endpoint.deliveries} />
                    </CardField>
                    <CardField term="Last delivery">{formatDateTime(endpoint.lastDeliveryAt)}</CardField>
                  </dl>
                  <Button variant={endpoint.id === selectedId ? "secondary" : "outline"} size="sm" onClick={() => onShowLog(endpoint.id)} aria-pressed={endpoint.id === selectedId}>
                    <ListIcon aria-hidden="true" />
                    Delivery log
                  </Button>
                </li>
              ))}
            </ul>
          )}
        />
      ) : (
        <DataTable
          columns={ENDPOINT_COLUMNS}
          caption="Webhook endpoints, oldest first, with their events, status and deliveries. Each row has an actions menu."
          scrollLabel="Webhook endpoints table"
          className="min-w-[48rem]"
          rows={endpoints}
          state={message}
          loadingLabel="Loading webhook endpoints"
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
                  {endpoint.lastDeliveryAt ? <span className="text-xs whitespace-nowrap text-muted-foreground">Last {formatDateTime(endpoint.lastDeliveryAt)}</span> : null}
                </div>
              </TableCell>
              <TableCell className="pr-4 text-right sm:pr-6">
                <div className="flex items-center justify-end gap-1">
                  <Button variant="ghost" size="sm" onClick={() => onShowLog(endpoint.id)} aria-pressed={endpoint.id === selectedId}>
                    Deliveries
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
  return (
    <div className="grid min-w-0 gap-0.5">
      <span className="font-mono text-[13px] [overflow-wrap:anywhere]">{breakable(endpoint.url)}</span>
      <span className="text-xs text-muted-foreground">
        {endpoint.description ? `${endpoint.description} · ` : ""}secret …{endpoint.secretHint}
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
  if (events.length === WEBHOOK_EVENT_TYPES.length) {
    return (
      <Badge variant="outline" className="font-normal" title={events.join(", ")}>
        All {events.length} events
      </Badge>
    );
  }
  return (
    <div className="flex flex-wrap gap-1">
      {events.map((type) => (
        <Badge key={type} variant="outline" className="font-mono text-[11px] font-normal" title={SHOP_EVENT_DESCRIPTIONS[type as keyof typeof SHOP_EVENT_DESCRIPTIONS]}>
          {type}
        </Badge>
      ))}
    </div>
  );
}

function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  return endpoint.active ? <ToneBadge tone="good">Active</ToneBadge> : <ToneBadge tone="muted">Paused</ToneBadge>;
}

function EndpointActions({
  endpoint,
  eventTypes,
  onShowLog,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  eventTypes: WebhookList["eventTypes"];
  onShowLog: () => void;
  onSecret: (secret: string, url: string) => void;
}) {
  const [dialog, setDialog] = useState<"edit" | "rotate" | "delete" | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const update = useUpdateWebhook();
  const rotate = useRotateSecret();
  const remove = useDeleteWebhook();

  const setActive = async (active: boolean) => {
    try {
      await update.mutateAsync({ id: endpoint.id, body: { active } });
      toast.success(active ? "Endpoint resumed" : "Endpoint paused", { description: endpoint.url });
    } catch (error) {
      showErrorToast(error, "change-webhook");
    }
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={triggerRef} variant="ghost" size="icon" className="size-8 shrink-0 data-[state=open]:bg-accent" aria-label={`Actions for ${endpoint.url}`}>
            <EllipsisIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-52">
          <DropdownMenuLabel className="truncate text-xs font-normal text-muted-foreground">{endpoint.url}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={onShowLog}>
            <ListIcon aria-hidden="true" />
            Delivery log
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog("edit")}>
            <PencilIcon aria-hidden="true" />
            Edit
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void setActive(!endpoint.active)}>
            {endpoint.active ? <PauseIcon aria-hidden="true" /> : <PlayIcon aria-hidden="true" />}
            {endpoint.active ? "Pause" : "Resume"}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog("rotate")}>
            <KeyRoundIcon aria-hidden="true" />
            Rotate secret
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => setDialog("delete")}>
            <Trash2Icon aria-hidden="true" />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <EndpointDialog open={dialog === "edit"} onOpenChange={(open) => setDialog(open ? "edit" : null)} endpoint={endpoint} eventTypes={eventTypes} />
      <ControlledConfirm
        open={dialog === "rotate"}
        onOpenChange={(open) => setDialog(open ? "rotate" : null)}
        title="Rotate the signing secret?"
        description="A new secret is made and shown once. The current one keeps signing deliveries, alongside the new one, for 24 hours: update your endpoint within that time."
        confirmLabel="Rotate secret"
        pendingLabel="Rotating…"
        destructive={false}
        pending={rotate.isPending}
        onConfirm={async () => {
          try {
            const rotated = await rotate.mutateAsync(endpoint.id);
            onSecret(rotated.secret, endpoint.url);
            return true;
          } catch (error) {
            showErrorToast(error, "change-webhook");
            return false;
          }
        }}
      />
      <ControlledConfirm
        open={dialog === "delete"}
        onOpenChange={(open) => setDialog(open ? "delete" : null)}
        title="Delete this endpoint?"
        description={`Nothing more is sent to ${endpoint.url}, and its delivery log is deleted with it.`}
        confirmLabel="Delete endpoint"
        pendingLabel="Deleting…"
        destructive
        pending={remove.isPending}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(endpoint.id);
            toast.success("Endpoint deleted", { description: endpoint.url });
            return true;
          } catch (error) {
            showErrorToast(error, "change-webhook");
            return false;
          }
        }}
      />
    </>
  );
}

/** ConfirmDialog opened from a menu (no trigger of its own). */
function ControlledConfirm({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  destructive,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  destructive: boolean;
  onConfirm: () => Promise<boolean>;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      pendingLabel={pendingLabel}
      pending={pending}
      variant={destructive ? "destructive" : "default"}
      onConfirm={onConfirm}
    />
  );
}

// ---- The delivery log --------------------------------------------------------------------------

const LOG_COLUMNS = [
  { label: "Time", skeletonClassName: "h-4 w-28" },
  { label: "Event", skeletonClassName: "h-4 w-24" },
  { label: "Status", skeletonClassName: "h-5 w-20 rounded-full" },
  { label: "Attempts", className: "text-center", skeletonClassName: "mx-auto h-4 w-6" },
  { label: "Last response", skeletonClassName: "h-4 w-40" },
  { label: "Actions", className: "text-right", skeletonClassName: "ml-auto h-8 w-28" },
] as const;

function DeliveryLog({ target, title }: { target: LogTarget; title: string }) {
  const isMobile = useIsMobile();
  const [filter, setFilter] = useState<StatusFilter>("all");
  const [page, setPage] = useState(1);
  const [details, setDetails] = useState<string | null>(null);
  const query = useDeliveries({ target, status: filter === "all" ? undefined : filter, page, pageSize: LOG_PAGE_SIZE });
  const data = query.data;
  const busy = query.isFetching && query.isPlaceholderData;
  useErrorToast("webhook-deliveries-error", "Error fetching deliveries", query.error, errorMessage);

  let state: ListState | null = null;
  if (!data && query.isError) state = loadErrorState("Could not load the deliveries", errorMessage(query.error), () => void query.refetch());
  else if (data?.deliveries.length === 0) {
    state = {
      icon: SendIcon,
      title: filter === "all" ? "No deliveries yet" : `No ${STATUS_FILTERS[filter].toLowerCase()} deliveries`,
      body: <p>{target.kind === "telegram" ? "Messages to the seller's chat appear here." : "Each event this endpoint subscribes to appears here as it is sent."}</p>,
    };
  }

  return (
    <Card className="gap-0 overflow-hidden py-0">
      <div className="flex flex-col gap-3 border-b px-4 py-4 sm:flex-row sm:items-end sm:justify-between sm:px-6">
        <div className="grid min-w-0 gap-0.5">
          <h2 className="font-semibold">Delivery log</h2>
          <p className="text-sm break-all text-muted-foreground">{title}</p>
        </div>
        <ListSelect
          label="Show"
          value={filter}
          options={(Object.keys(STATUS_FILTERS) as StatusFilter[]).map((value) => ({ value, label: STATUS_FILTERS[value] }))}
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
          loadingLabel="Loading deliveries"
          renderCards={(list) => (
            <ul aria-label="Deliveries, newest first" className="divide-y">
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
                    <CardField term="Attempts">{delivery.attempts}</CardField>
                    <CardField term="Last response">
                      <LastResponse delivery={delivery} />
                    </CardField>
                    {delivery.status === "pending" ? <CardField term="Next attempt">{formatDateTime(delivery.nextAttemptAt)}</CardField> : null}
                  </dl>
                  <DeliveryActions delivery={delivery} onDetails={() => setDetails(delivery.id)} />
                </li>
              ))}
            </ul>
          )}
        />
      ) : (
        <DataTable
          columns={LOG_COLUMNS}
          caption={`Deliveries to ${title}, newest first.`}
          scrollLabel="Delivery log table"
          className="min-w-[52rem]"
          rows={data?.deliveries}
          state={state}
          busy={busy}
          loadingLabel="Loading deliveries"
          renderRow={(delivery) => (
            <TableRow key={delivery.id}>
              <TableCell className="pl-4 whitespace-nowrap sm:pl-6">
                <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt)}</time>
              </TableCell>
              <TableCell className="font-mono text-[13px]">{delivery.eventType}</TableCell>
              <TableCell>
                <div className="grid justify-items-start gap-1">
                  <DeliveryStatusBadge status={delivery.status} />
                  {delivery.status === "pending" ? <span className="text-xs whitespace-nowrap text-muted-foreground">Next try {formatTime(delivery.nextAttemptAt)}</span> : null}
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
      {data && data.total > LOG_PAGE_SIZE ? <Pagination page={page} pageSize={LOG_PAGE_SIZE} total={data.total} noun="deliveries" label="Delivery log pages" onPageChange={setPage} /> : null}
      <DeliveryDetailsDialog id={details} onClose={() => setDetails(null)} />
    </Card>
  );
}

function LastResponse({ delivery }: { delivery: Delivery }) {
  if (!delivery.lastAttemptAt) return <span className="text-muted-foreground">Not attempted yet</span>;
  const ok = delivery.status === "delivered";
  return (
    <div className="grid min-w-0 gap-0.5">
      <span className={cn("font-medium tabular-nums", !ok && "text-destructive")}>{delivery.lastStatus ? `HTTP ${delivery.lastStatus}` : (delivery.lastError ?? "No answer")}</span>
      {delivery.lastStatus && (delivery.lastResponse || (!ok && delivery.lastError)) ? (
        <span className="line-clamp-2 font-mono text-xs break-all text-muted-foreground" title={delivery.lastResponse ?? delivery.lastError ?? undefined}>
          {delivery.lastResponse || delivery.lastError}
        </span>
      ) : null}
    </div>
  );
}

function DeliveryActions({ delivery, onDetails, compact = false }: { delivery: Delivery; onDetails: () => void; compact?: boolean }) {
  const replay = useReplayDelivery();
  const run = async () => {
    try {
      await replay.mutateAsync(delivery.id);
      toast.success("Replay queued", { description: `${delivery.eventType} is being sent again.` });
    } catch (error) {
      showErrorToast(error, "replay-delivery");
    }
  };
  return (
    <div className="flex items-center justify-end gap-1">
      <Button variant="ghost" size={compact ? "icon" : "sm"} className={cn(compact && "size-8")} onClick={onDetails} aria-label={`Details of ${delivery.eventType} delivery`} title="Details: the body and every attempt">
        <FileTextIcon aria-hidden="true" />
        {compact ? null : "Details"}
      </Button>
      <Button variant="outline" size="sm" onClick={() => void run()} disabled={replay.isPending} aria-label={`Replay ${delivery.eventType} delivery`}>
        <RotateCwIcon className={cn(replay.isPending && "animate-spin")} aria-hidden="true" />
        Replay
      </Button>
    </div>
  );
}

function DeliveryDetailsDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const query = useDelivery(id);
  const detail = query.data;
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Delivery details</DialogTitle>
          <DialogDescription className="font-mono text-xs break-all">{id}</DialogDescription>
        </DialogHeader>
        {!detail ? (
          query.isError ? (
            <p className="text-sm text-destructive">{errorMessage(query.error)}</p>
          ) : (
            <div className="grid gap-2" role="status">
              <span className="sr-only">Loading the delivery</span>
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-24 w-full" />
            </div>
          )
        ) : (
          <div className="grid gap-4 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono">{detail.delivery.eventType}</span>
              <DeliveryStatusBadge status={detail.delivery.status} />
              <span className="text-muted-foreground break-all">to {detail.delivery.target}</span>
            </div>
            <section className="grid gap-1.5">
              <h3 className="font-medium">{detail.delivery.channel === "webhook" ? "Body" : "Message"}</h3>
              <pre className="max-h-64 overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap break-all">{prettyPayload(detail.payload, detail.delivery.channel)}</pre>
            </section>
            <section className="grid gap-1.5">
              <h3 className="font-medium">Attempts</h3>
              {detail.attemptLog.length === 0 ? (
                <p className="text-muted-foreground">Not attempted yet.</p>
              ) : (
                <ol className="grid gap-2">
                  {detail.attemptLog.map((attempt) => (
                    <li key={attempt.at} className="grid gap-0.5 rounded-md border px-3 py-2">
                      <div className="flex flex-wrap justify-between gap-2">
                        <span className={cn("font-medium", (!attempt.status || attempt.status >= 300) && "text-destructive")}>
                          {attempt.status ? `HTTP ${attempt.status}` : (attempt.error ?? "No answer")}
                        </span>
                        <span className="text-xs text-muted-foreground">
                          {formatDateTime(attempt.at)} · {attempt.durationMs} ms
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

// ---- Small pieces -----------------------------------------------------------------------------

const TONES = {
  good: "border-emerald-600/20 bg-emerald-50 text-emerald-700 dark:border-emerald-400/25 dark:bg-emerald-400/10 dark:text-emerald-300",
  warn: "border-amber-600/20 bg-amber-50 text-amber-800 dark:border-amber-400/25 dark:bg-amber-400/10 dark:text-amber-300",
  bad: "border-red-600/20 bg-red-50 text-red-700 dark:border-red-400/25 dark:bg-red-400/10 dark:text-red-300",
  neutral: "border-sky-600/20 bg-sky-50 text-sky-700 dark:border-sky-400/25 dark:bg-sky-400/10 dark:text-sky-300",
  muted: "border-border bg-muted text-muted-foreground",
} as const;

function ToneBadge({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <Badge variant="outline" className={cn("rounded-full px-2.5", TONES[tone])}>
      {children}
    </Badge>
  );
}

const DELIVERY_STATUS = {
  delivered: { label: "Delivered", tone: "good", icon: CircleCheckIcon },
  pending: { label: "Pending", tone: "warn", icon: ClockIcon },
  failed: { label: "Failed", tone: "bad", icon: CircleXIcon },
} as const;

function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { label, tone, icon: Icon } = DELIVERY_STATUS[status];
  return (
    <ToneBadge tone={tone}>
      <Icon aria-hidden="true" />
      {label}
    </ToneBadge>
  );
}

function DeliveryCounts({ counts }: { counts: { pending: number; delivered: number; failed: number } }) {
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-0.5 text-sm tabular-nums [&>span]:whitespace-nowrap">
      <span className="text-emerald-700 dark:text-emerald-300">{counts.delivered} delivered</span>
      {counts.pending ? <span className="text-amber-700 dark:text-amber-300">{counts.pending} pending</span> : null}
      {counts.failed ? <span className="text-red-700 dark:text-red-300">{counts.failed} failed</span> : null}
    </span>
  );
}

function CardField({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}
