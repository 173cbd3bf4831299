// Add or edit a webhook endpoint: URL, description, events (each with what it means).
import { useEffect, useId, useState, type FormEvent } from "react";
import { toast } from "~/lib/toast";

import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "../../../../../contracts/notifications";
import { DialogSubmitFooter } from "~/components/dialog-submit-footer";
import { FormField } from "~/components/form-field";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { isApiError } from "~/lib/api";
import { serverMessage } from "~/lib/error-text";
import { showErrorToast } from "~/lib/errors";

import type { WebhookEndpoint, WebhookList } from "./api";
import { eventMeaning, useWebhooksCopy, webhooksText } from "./copy";
import { useCreateWebhook, useUpdateWebhook } from "./queries";

function urlError(value: string): string | undefined {
  const text = value.trim();
  if (!text) return webhooksText("dialog.urlRequired");
  try {
    const url = new URL(text);
    if (url.protocol !== "https:" && url.protocol !== "http:") return webhooksText("dialog.urlHttps");
    if (url.username || url.password) return webhooksText("dialog.urlCredentials");
  } catch {
    return webhooksText("dialog.urlInvalid");
  }
  return undefined;
}

/** The server's words for the URL (contracts/notifications.ts UrlSchema) in the reader's language; any other as sent. */
const SERVER_URL_MESSAGES: Record<string, string> = {
  "Enter the endpoint's URL": "dialog.urlRequired",
  "An http(s) URL without a user name or password": "dialog.urlServer",
};

/** Add (no `endpoint`) or edit an endpoint. After adding, `onCreated` gets the secret to show. */
export function EndpointDialog({
  open,
  onOpenChange,
  endpoint,
  eventTypes,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  endpoint?: WebhookEndpoint;
  eventTypes: WebhookList["eventTypes"];
  onCreated?: (secret: string, endpoint: WebhookEndpoint) => void;
}) {
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<Set<WebhookEventType>>(new Set(WEBHOOK_EVENT_TYPES));
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const pending = create.isPending || update.isPending;
  const groupId = useId();
  const { t } = useWebhooksCopy();

  // Each opening starts from the endpoint (edit) or from nothing (add).
  useEffect(() => {
    if (!open) return;
    setUrl(endpoint?.url ?? "");
    setDescription(endpoint?.description ?? "");
    setEvents(new Set(endpoint?.events ?? WEBHOOK_EVENT_TYPES));
    setErrors({});
  }, [open, endpoint]);

  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((current) => {
      const next = new Set(current);
      if (on) next.add(type);
      else next.delete(type);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = { url: urlError(url), events: events.size ? undefined : t("dialog.eventsRequired") };
    setErrors(problems);
    if (problems.url || problems.events) return;
    // The catalogue's order, whatever order they were ticked in.
    const body = { url: url.trim(), description: description.trim(), events: WEBHOOK_EVENT_TYPES.filter((t) => events.has(t)) };
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, body });
        toast.success(webhooksText("dialog.updated"), { description: body.url });
        onOpenChange(false);
      } else {
        const created = await create.mutateAsync(body);
        onOpenChange(false);
        onCreated?.(created.secret, created.endpoint);
      }
    } catch (error) {
      if (isApiError(error) && (error.code === "WEBHOOK_URL_NOT_ALLOWED" || error.issues?.[0]?.path === "url")) {
        const issue = error.issues?.[0]?.message;
        setErrors({ url: issue ? (SERVER_URL_MESSAGES[issue] ? webhooksText(SERVER_URL_MESSAGES[issue]) : issue) : serverMessage(error.code, error.message) });
      }
      showErrorToast(error, "save-webhook");
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <form onSubmit={(e) => void submit(e)} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>{endpoint ? t("dialog.editTitle") : t("dialog.addTitle")}</DialogTitle>
            <DialogDescription>{endpoint ? t("dialog.editDescription") : t("dialog.addDescription")}</DialogDescription>
          </DialogHeader>
          <FormField
            label={t("dialog.url")}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://example.com/keyshop-webhooks"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            error={errors.url}
            hint={t("dialog.urlHint")}
            maxLength={2000}
          />
          <FormField label={t("dialog.description")} placeholder={t("dialog.descriptionPlaceholder")} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={200} />
          <fieldset className="grid gap-2" aria-describedby={errors.events ? `${groupId}-error` : undefined}>
            <legend className="mb-1 text-sm leading-none font-medium">{t("dialog.events")}</legend>
            <div className="grid gap-1 rounded-lg border p-1">
              {eventTypes.map(({ type, description: meaning }) => {
                const id = `${groupId}-${type}`;
                return (
                  <div key={type} className="flex items-start gap-3 rounded-md px-2.5 py-2 hover:bg-muted/50">
                    <input
                      id={id}
                      type="checkbox"
                      className="mt-0.5 size-4 shrink-0 accent-primary"
                      checked={events.has(type)}
                      onChange={(e) => toggle(type, e.target.checked)}
                    />
                    <Label htmlFor={id} className="grid cursor-pointer gap-0.5 font-normal">
                      <span className="font-mono text-[13px] font-medium">{type}</span>
                      <span className="text-xs leading-snug text-muted-foreground">{eventMeaning(t, type, meaning)}</span>
                    </Label>
                  </div>
                );
              })}
            </div>
            {errors.events ? (
              <p id={`${groupId}-error`} className="text-sm text-destructive">
                {errors.events}
              </p>
            ) : null}
          </fieldset>
          <DialogSubmitFooter loading={pending} loadingLabel={t("dialog.saving")}>
            {endpoint ? t("dialog.save") : t("dialog.add")}
          </DialogSubmitFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
