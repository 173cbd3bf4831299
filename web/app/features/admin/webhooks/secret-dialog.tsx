// The signing secret, shown once after an endpoint is added or its secret rotated, with a copy button.
import { useEffect, useId, useState } from "react";
import { CheckIcon, CopyIcon, TriangleAlertIcon } from "lucide-react";
import { toast } from "~/lib/toast";

import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Trans } from "~/lib/i18n";

import { useWebhooksCopy, webhooksText } from "./copy";

/** The signing secret, once: copy it now or rotate it later. */
export function SecretDialog({ secret, url, rotated, onClose }: { secret: string | null; url: string; rotated: boolean; onClose: () => void }) {
  const { t } = useWebhooksCopy();
  const [copied, setCopied] = useState(false);
  const inputId = useId();
  useEffect(() => setCopied(false), [secret]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? "");
      setCopied(true);
      toast.success(webhooksText("secret.copiedToast"), { description: webhooksText("secret.copiedText") });
    } catch {
      toast.error(webhooksText("secret.copyFailed"), { description: webhooksText("secret.copyFailedText") });
    }
  };

  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{rotated ? t("secret.newTitle") : t("secret.addedTitle")}</DialogTitle>
          <DialogDescription className="break-all">{url}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={inputId}>{t("secret.label")}</Label>
          <div className="flex gap-2">
            <Input id={inputId} readOnly value={secret ?? ""} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
            <Button type="button" variant="outline" onClick={() => void copy()} aria-label={t("secret.copyLabel")}>
              {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
              {copied ? t("secret.copied") : t("secret.copy")}
            </Button>
          </div>
          <p className="flex gap-2 rounded-md border border-amber-600/25 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400/25 dark:bg-amber-400/10 dark:text-amber-200">
            <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              <Trans t={t} i18nKey="secret.warning" components={{ code: <code className="font-mono text-xs" /> }} />
              {rotated ? t("secret.rotated") : ""}
            </span>
          </p>
        </div>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            {t("secret.done")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
