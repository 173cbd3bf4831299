// One endpoint's actions menu: its delivery log, edit, pause or resume, rotate the secret, delete.
import { useRef, useState } from "react";
import { EllipsisIcon, KeyRoundIcon, ListIcon, PauseIcon, PencilIcon, PlayIcon, Trash2Icon } from "lucide-react";
import { toast } from "~/lib/toast";

import { ConfirmDialog } from "~/components/confirm-dialog";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { showErrorToast } from "~/lib/errors";

import type { WebhookEndpoint, WebhookList } from "./api";
import { useWebhooksCopy, webhooksText } from "./copy";
import { EndpointDialog } from "./endpoint-dialog";
import { useDeleteWebhook, useRotateSecret, useUpdateWebhook } from "./queries";

export function EndpointActions({
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
  const { t } = useWebhooksCopy();
  const [dialog, setDialog] = useState<"edit" | "rotate" | "delete" | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const update = useUpdateWebhook();
  const rotate = useRotateSecret();
  const remove = useDeleteWebhook();

  const setActive = async (active: boolean) => {
    try {
      await update.mutateAsync({ id: endpoint.id, body: { active } });
      toast.success(webhooksText(active ? "actions.resumed" : "actions.paused"), { description: endpoint.url });
    } catch (error) {
      showErrorToast(error, "change-webhook");
    }
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={triggerRef} variant="ghost" size="icon" className="size-8 shrink-0 data-[state=open]:bg-accent" aria-label={t("actions.menuLabel", { url: endpoint.url })}>
            <EllipsisIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-52">
          <DropdownMenuLabel className="truncate text-xs font-normal text-muted-foreground">{endpoint.url}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={onShowLog}>
            <ListIcon aria-hidden="true" />
            {t("actions.deliveryLog")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog("edit")}>
            <PencilIcon aria-hidden="true" />
            {t("actions.edit")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void setActive(!endpoint.active)}>
            {endpoint.active ? <PauseIcon aria-hidden="true" /> : <PlayIcon aria-hidden="true" />}
            {endpoint.active ? t("actions.pause") : t("actions.resume")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog("rotate")}>
            <KeyRoundIcon aria-hidden="true" />
            {t("actions.rotate")}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => setDialog("delete")}>
            <Trash2Icon aria-hidden="true" />
            {t("actions.delete")}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <EndpointDialog open={dialog === "edit"} onOpenChange={(open) => setDialog(open ? "edit" : null)} endpoint={endpoint} eventTypes={eventTypes} />
      <ControlledConfirm
        open={dialog === "rotate"}
        onOpenChange={(open) => setDialog(open ? "rotate" : null)}
        title={t("actions.rotateTitle")}
        description={t("actions.rotateDescription")}
        confirmLabel={t("actions.rotateConfirm")}
        pendingLabel={t("actions.rotating")}
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
        title={t("actions.deleteTitle")}
        description={t("actions.deleteDescription", { url: endpoint.url })}
        confirmLabel={t("actions.deleteConfirm")}
        pendingLabel={t("actions.deleting")}
        destructive
        pending={remove.isPending}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(endpoint.id);
            toast.success(webhooksText("actions.deleted"), { description: endpoint.url });
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
