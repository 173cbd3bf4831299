// The seller's Telegram notifications: on, the simulator or off, which events, the deliveries.
import { ExternalLinkIcon, ListIcon, SendIcon } from "lucide-react";

import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

import type { WebhookList } from "./api";
import { DeliveryCounts, ToneBadge } from "./badges";
import { useWebhooksCopy } from "./copy";

const MODE_TONES = { bot: "good", simulator: "neutral", off: "muted" } as const;

export function TelegramCard({ telegram, selected, onShowLog }: { telegram: WebhookList["telegram"]; selected: boolean; onShowLog: () => void }) {
  const { t } = useWebhooksCopy();
  // "new sales" for order.paid, the event type itself for one the copy does not name.
  const events = telegram.events.map((type) => t(`telegram.events.${type}`, { defaultValue: type })).join(t("telegram.separator"));
  return (
    <Card className="gap-0 py-0">
      <div className="flex flex-col gap-4 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <SendIcon className="size-4 text-muted-foreground" aria-hidden="true" />
            <h2 className="font-semibold">{t("telegram.title")}</h2>
            <ToneBadge tone={MODE_TONES[telegram.mode]}>{t(`telegram.modes.${telegram.mode}`)}</ToneBadge>
          </div>
          <p className="text-sm text-muted-foreground">
            {telegram.mode === "off"
              ? t("telegram.off")
              : telegram.chats === 1
                ? t("telegram.sellerHears", { events })
                : t("telegram.chatsHear", { count: telegram.chats, events })}
          </p>
          {telegram.mode !== "off" ? <DeliveryCounts counts={telegram.deliveries} /> : null}
        </div>
        {telegram.mode !== "off" ? (
          <div className="flex shrink-0 flex-wrap gap-2">
            {telegram.mode === "simulator" ? (
              <Button variant="outline" size="sm" asChild>
                <a href="/dev/telegram" target="_blank" rel="noreferrer">
                  <ExternalLinkIcon aria-hidden="true" />
                  {t("telegram.openSimulator")}
                </a>
              </Button>
            ) : null}
            <Button variant={selected ? "secondary" : "outline"} size="sm" onClick={onShowLog} aria-pressed={selected} aria-label={t("telegram.deliveriesLabel")}>
              <ListIcon aria-hidden="true" />
              {t("telegram.deliveries")}
            </Button>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
