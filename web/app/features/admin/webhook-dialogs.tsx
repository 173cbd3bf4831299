// The Webhooks page's dialogs: add or edit an endpoint (URL, description, events), and the signing
// secret shown once after creation or rotation, with a copy button.
import { useEffect, useId, useState, type FormEvent } from "react";
import { CheckIcon, CopyIcon, TriangleAlertIcon } from "lucide-react";
import { toast } from "sonner";

import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "../../../../contracts/notifications";
import { DialogSubmitFooter } from "~/components/dialog-submit-footer";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { isApiError } from "~/lib/api";
import { showErrorToast } from "~/lib/errors";

import type { WebhookEndpoint, WebhookList } from "./webhooks-api";
import { useCreateWebhook, useUpdateWebhook } from "./webhooks-queries";

function urlError(value: string): string | undefined {
  const text = value.trim();
  if (!text) return "Enter the endpoint's URL";
  try {
    const url = new URL(text);
    if (url.protocol !== "https:" && url.protocol !== "http:") return "Use an https:// address";
    if (url.username || url.password) return "Leave the user name and password out of the URL";
  } catch {
    return "Enter a full URL, like https://example.com/keyshop-webhooks";
  }
  return undefined;
}

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
    const problems = { url: urlError(url), events: events.size ? undefined : "Choose at least one event" };
    setErrors(problems);
    if (problems.url || problems.events) return;
    // The catalogue's order, whatever order they were ticked in.
    const body = { url: url.trim(), description: description.trim(), events: WEBHOOK_EVENT_TYPES.filter((t) => events.has(t)) };
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, body });
        toast.success("Endpoint updated", { description: body.url });
        onOpenChange(false);
      } else {
        const created = await create.mutateAsync(body);
        onOpenChange(false);
        onCreated?.(created.secret, created.endpoint);
      }
    } catch (error) {
      if (isApiError(error) && (error.code === "WEBHOOK_URL_NOT_ALLOWED" || error.issues?.[0]?.path === "url")) {
        setErrors({ url: error.issues?.[0]?.message ?? error.message });
      }
      showErrorToast(error, "save-webhook");
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <form onSubmit={(e) => void submit(e)} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>{endpoint ? "Edit endpoint" : "Add endpoint"}</DialogTitle>
            <DialogDescription>
              {endpoint ? "Deliveries already queued keep going to the old address." : "The shop POSTs each event you choose here as signed JSON, retried for a day until your endpoint answers 2xx."}
            </DialogDescription>
          </DialogHeader>
          <FormField
            label="Endpoint URL"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://example.com/keyshop-webhooks"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            error={errors.url}
            hint="https only in production, and a public address (never a private or local one)."
            maxLength={2000}
          />
          <FormField label="Description (optional)" placeholder="Bookkeeping sheet" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={200} />
          <fieldset className="grid gap-2" aria-describedby={errors.events ? `${groupId}-error` : undefined}>
            <legend className="mb-1 text-sm leading-none font-medium">Events</legend>
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
                      <span className="text-xs leading-snug text-muted-foreground">{meaning}</span>
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
          <DialogSubmitFooter loading={pending} loadingLabel="Saving…">
            {endpoint ? "Save changes" : "Add endpoint"}
          </DialogSubmitFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The signing secret, once: copy it now or rotate it later. */
export function SecretDialog({ secret, url, rotated, onClose }: { secret: string | null; url: string; rotated: boolean; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const inputId = useId();
  useEffect(() => setCopied(false), [secret]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? "");
      setCopied(true);
      toast.success("Copied!", { description: "Signing secret copied to clipboard" });
    } catch {
      toast.error("Copy Failed", { description: "Failed to copy to clipboard" });
    }
  };

  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{rotated ? "New signing secret" : "Endpoint added"}</DialogTitle>
          <DialogDescription className="break-all">{url}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={inputId}>Signing secret</Label>
          <div className="flex gap-2">
            <Input id={inputId} readOnly value={secret ?? ""} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
            <Button type="button" variant="outline" onClick={() => void copy()} aria-label="Copy the signing secret">
              {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
              {copied ? "Copied" : "Copy"}
            </Button>
          </div>
          <p className="flex gap-2 rounded-md border border-amber-600/25 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400/25 dark:bg-amber-400/10 dark:text-amber-200">
            <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Copy it now: it is not shown again. Your endpoint checks each delivery's <code className="font-mono text-xs">Keyshop-Webhook-Signature</code> with it.
              {rotated ? " The previous secret also signs deliveries for the next 24 hours." : ""}
            </span>
          </p>
        </div>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
