import type { ReactNode } from "react";

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";

import type { License } from "./api";

/** A licence row's dialog, opened from its menu (rename, change key). */
export type LicenseDialogProps = {
  license: License;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (it is opened from a menu, not a trigger). */
  onCloseAutoFocus?: (event: Event) => void;
};

/** The frame of a licence's form dialog: its title and what it does, then the form. */
export function LicenseFormDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  title,
  description,
  children,
}: Omit<LicenseDialogProps, "license"> & { title: string; description: ReactNode; children: ReactNode }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
