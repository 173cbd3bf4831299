// An OTP order's Messages button. The dialog it opens (messages-dialog-body.tsx: the dialog, its
// focus trap and scroll lock) loads when the button is first pressed, so the OTP page's first load
// carries none of it (issue #28 item 5); it then stays mounted, so reopening is instant.
import { MailOpenIcon } from "lucide-react";
import { Suspense, useRef, useState } from "react";

import { Button } from "~/components/ui/button";
import { lazyNamed, useOpenedOnce } from "~/lib/lazy-component";
import type { OtpOrder } from "./api";
import { useOtpCopy } from "./copy";

const MessagesDialogBody = lazyNamed(() => import("./messages-dialog-body"), "MessagesDialogBody");

export function MessagesDialog({ order }: { order: OtpOrder }) {
  const { t } = useOtpCopy();
  const [open, setOpen] = useState(false);
  const used = useOpenedOnce(open);
  const button = useRef<HTMLButtonElement>(null);
  const address = order.address ?? t("messages.thisOrder");
  return (
    <>
      <Button ref={button} variant="ghost" size="sm" aria-label={t("messages.label", { address })} aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <MailOpenIcon aria-hidden="true" />
        {t("messages.button")}
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <MessagesDialogBody order={order} open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
