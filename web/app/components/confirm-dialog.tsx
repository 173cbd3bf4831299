import { useState, type ReactNode } from "react";

import { DialogSubmitFooter } from "~/components/dialog-submit-footer";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";

/**
 * "Are you sure?" for an action that cannot be undone: the trigger opens a real dialog; Cancel
 * closes it; the destructive button runs `onConfirm`, which resolves true to close the dialog
 * (false keeps it open, e.g. after an error toast). Without a trigger, `open`/`onOpenChange`
 * control it (a dialog opened from a menu); `variant: "default"` for a confirmation that destroys nothing.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  open: controlledOpen,
  onOpenChange,
  variant = "destructive",
}: {
  trigger?: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => Promise<boolean>;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  variant?: "destructive" | "default";
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogSubmitFooter type="button" variant={variant} loading={pending} loadingLabel={pendingLabel} onClick={() => void onConfirm().then((done) => done && setOpen(false))}>
          {confirmLabel}
        </DialogSubmitFooter>
      </DialogContent>
    </Dialog>
  );
}
