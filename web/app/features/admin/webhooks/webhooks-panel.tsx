// The Webhooks page (super-admin): the seller's Telegram notifications, the shop's webhook
// endpoints, and the delivery log of one of them (or of Telegram) with Replay. Tables on wide
// screens, cards on phones. Each part is a file of this folder.
import { useRef, useState } from "react";
import { PlusIcon } from "lucide-react";

import { loadErrorState, useErrorToast } from "~/components/data-table/list-state";
import { DashboardPage } from "~/components/dashboard/page-header";
import { Button } from "~/components/ui/button";
import { errorMessage } from "~/lib/errors";
import type { TFunction } from "~/lib/i18n";

import type { LogTarget, WebhookList } from "./api";
import { useWebhooksCopy } from "./copy";
import { DeliveryLog } from "./delivery-log";
import { EndpointDialog } from "./endpoint-dialog";
import { EndpointsCard } from "./endpoints-card";
import { useWebhooks } from "./queries";
import { SecretDialog } from "./secret-dialog";
import { TelegramCard } from "./telegram-card";

export function WebhooksPanel() {
  const { t } = useWebhooksCopy();
  const query = useWebhooks();
  const data = query.data;
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ value: string; url: string; rotated: boolean } | null>(null);
  const [target, setTarget] = useState<LogTarget | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  useErrorToast("webhooks-error", t("page.loadError"), query.error, errorMessage);

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
    <DashboardPage
      title={t("page.title")}
      description={t("page.description")}
      actions={
        <Button onClick={() => setAdding(true)} disabled={!data}>
          <PlusIcon aria-hidden="true" />
          {t("page.add")}
        </Button>
      }
    >
      {data ? <TelegramCard telegram={data.telegram} selected={shown?.kind === "telegram"} onShowLog={() => showLog({ kind: "telegram" })} /> : null}

      <EndpointsCard
        data={data}
        state={!data && query.isError ? loadErrorState(t("page.loadError"), errorMessage(query.error), () => void query.refetch()) : null}
        selectedId={shown?.kind === "endpoint" ? shown.id : null}
        onShowLog={(id) => showLog({ kind: "endpoint", id })}
        onAdd={() => setAdding(true)}
        onSecret={(value, url) => setSecret({ value, url, rotated: true })}
      />

      <div ref={logRef} className="scroll-mt-20">
        {shown && data ? <DeliveryLog key={shown.kind === "endpoint" ? shown.id : "telegram"} target={shown} title={logTitle(t, shown, data)} /> : null}
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
    </DashboardPage>
  );
}

function logTitle(t: TFunction, target: LogTarget, data: WebhookList): string {
  if (target.kind === "telegram") return t("telegram.title");
  return data.endpoints.find((e) => e.id === target.id)?.url ?? "";
}
