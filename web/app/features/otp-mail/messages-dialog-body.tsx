// The whole messages of one order, in a dialog: sender, subject, time, and the message itself
// (its HTML was sanitised by the server: no scripts, styles, handlers or images). Loaded when a
// Messages button is first pressed (messages-dialog.tsx): the dialog's code is not in the page's
// first load.
import { useQuery } from "@tanstack/react-query";
import { Loader2Icon } from "lucide-react";
import type { RefObject } from "react";

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useDates } from "~/lib/dates";
import { errorMessage } from "~/lib/errors";
import { otpMailApi, type OtpOrder } from "./api";
import { useOtpCopy } from "./copy";

export function MessagesDialogBody({
  order,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  order: OtpOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it: focused again on closing, as a Radix trigger would be. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useOtpCopy();
  const { formatDateTime } = useDates();
  const address = order.address ?? t("messages.thisOrder");
  const query = useQuery({
    queryKey: ["otp-mail-messages", order.id, order.codes],
    queryFn: ({ signal }) => otpMailApi.messages(order.id, signal),
    enabled: open,
  });
  const messages = query.data?.messages;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[85vh] overflow-y-auto sm:max-w-2xl"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="[overflow-wrap:anywhere]">{t("messages.title", { address })}</DialogTitle>
          <DialogDescription>{t("messages.description")}</DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2Icon className="size-4 animate-spin" aria-hidden="true" /> {t("messages.loading")}
          </p>
        ) : query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(query.error)}
          </p>
        ) : messages?.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("messages.none")}</p>
        ) : (
          <ol className="grid gap-4">
            {messages?.map((m) => (
              <li key={m.id} className="grid gap-2 rounded-md border p-3">
                <div className="grid gap-0.5 text-sm">
                  <span className="font-medium break-words">{m.subject || t("messages.noSubject")}</span>
                  <span className="text-muted-foreground break-all">{t("messages.from", { from: m.from })}</span>
                  <time dateTime={m.receivedAt} className="text-xs text-muted-foreground">
                    {formatDateTime(m.receivedAt)}
                  </time>
                </div>
                {m.html ? (
                  // Sanitised on the server (sanitize-html): formatting and links only.
                  <div data-testid="otp-message-body" className="prose prose-sm max-w-none text-sm break-words dark:prose-invert" dangerouslySetInnerHTML={{ __html: m.html }} />
                ) : (
                  <pre data-testid="otp-message-body" className="text-sm whitespace-pre-wrap break-words font-sans">
                    {m.text}
                  </pre>
                )}
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
