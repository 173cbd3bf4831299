import { Suspense, useRef, useState } from "react";
import { EllipsisIcon, RefreshCwIcon } from "lucide-react";

import { Button } from "~/components/ui/button";
import { lazyNamed, useOpenedOnce } from "~/lib/lazy-component";

import type { License } from "./api";
import { useLicensesCopy } from "./copy";
import type { RowDialog } from "./license-row-menu";

// The menu (Radix DropdownMenu and its positioning), the dialogs, their forms and schemas load
// when first opened (decision 049).
const LicenseRowMenu = lazyNamed(() => import("./license-row-menu"), "LicenseRowMenu");
const RenameLicenseDialog = lazyNamed(() => import("./rename-license-dialog"), "RenameLicenseDialog");
const ChangeKeyDialog = lazyNamed(() => import("./change-key-dialog"), "ChangeKeyDialog");
const RenewDialog = lazyNamed(() => import("~/features/renewals/renew-dialog"), "RenewDialog");

type OpenDialog = RowDialog | null;

/** Renew (not for a revoked licence), and the per-row menu: Change Display Name, and Change License Key while changes are left. */
export function LicenseRowActions({ license, label }: { license: License; label: string }) {
  const { t } = useLicensesCopy();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const renameUsed = useOpenedOnce(dialog === "rename");
  const changeKeyUsed = useOpenedOnce(dialog === "change-key");
  const renewUsed = useOpenedOnce(dialog === "renew");
  const [menuOpen, setMenuOpen] = useState(false);
  const menuUsed = useOpenedOnce(menuOpen);

  const setOpen = (next: RowDialog) => (open: boolean) =>
    setDialog(open ? next : null);
  // The dialogs open from the menu, so they hand focus back to the row's menu button.
  const returnFocus = (event: Event) => {
    event.preventDefault();
    triggerRef.current?.focus();
  };

  const renewable = !license.revokedAt;
  // Until the menu has loaded, a click opens it (loading it); then Radix's trigger takes over.
  const trigger = (
    <Button
      ref={triggerRef}
      variant="ghost"
      size="icon"
      className="size-8 data-[state=open]:bg-accent"
      aria-label={t("actions.menuLabel", { name: label })}
      aria-haspopup="menu"
      aria-expanded={menuOpen}
      data-state={menuOpen ? "open" : "closed"}
      onClick={menuUsed ? undefined : () => setMenuOpen(true)}
    >
      <EllipsisIcon aria-hidden="true" />
    </Button>
  );
  return (
    <div className="inline-flex items-center justify-end gap-1">
      {renewable ? (
        <Button variant="outline" size="sm" className="h-8" onClick={() => setDialog("renew")} aria-label={t("actions.renewLabel", { name: label })}>
          <RefreshCwIcon aria-hidden="true" />
          {t("actions.renew")}
        </Button>
      ) : null}
      {menuUsed ? (
        <Suspense fallback={trigger}>
          <LicenseRowMenu
            trigger={trigger}
            open={menuOpen}
            onOpenChange={setMenuOpen}
            label={label}
            renewable={renewable}
            canChangeKey={license.canChangeKey}
            onChoose={setDialog}
          />
        </Suspense>
      ) : (
        trigger
      )}

      {renameUsed ? (
        <Suspense fallback={null}>
          <RenameLicenseDialog
            license={license}
            open={dialog === "rename"}
            onOpenChange={setOpen("rename")}
            onCloseAutoFocus={returnFocus}
          />
        </Suspense>
      ) : null}
      {/* Mounted once opened: a successful last change flips canChangeKey while the dialog closes. */}
      {changeKeyUsed ? (
        <Suspense fallback={null}>
          <ChangeKeyDialog
            license={license}
            open={dialog === "change-key"}
            onOpenChange={setOpen("change-key")}
            onCloseAutoFocus={returnFocus}
          />
        </Suspense>
      ) : null}
      {renewable && renewUsed ? (
        <Suspense fallback={null}>
          <RenewDialog license={license} open={dialog === "renew"} onOpenChange={setOpen("renew")} />
        </Suspense>
      ) : null}
    </div>
  );
}
