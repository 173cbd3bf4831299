import { useRef, useState } from "react";
import { EllipsisIcon, KeyRoundIcon, PencilIcon, RefreshCwIcon } from "lucide-react";

import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";

import type { License } from "./api";
import { ChangeKeyDialog } from "./change-key-dialog";
import { useLicensesCopy } from "./copy";
import { RenameLicenseDialog } from "./rename-license-dialog";
import { RenewDialog } from "~/features/renewals/renew-dialog";

type OpenDialog = "rename" | "change-key" | "renew" | null;

/** Renew (not for a revoked licence), and the per-row menu: Change Display Name, and Change License Key while changes are left. */
export function LicenseRowActions({ license, label }: { license: License; label: string }) {
  const { t } = useLicensesCopy();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  const setOpen = (next: Exclude<OpenDialog, null>) => (open: boolean) =>
    setDialog(open ? next : null);
  // The dialogs open from the menu, so they hand focus back to the row's menu button.
  const returnFocus = (event: Event) => {
    event.preventDefault();
    triggerRef.current?.focus();
  };

  const renewable = !license.revokedAt;
  return (
    <div className="inline-flex items-center justify-end gap-1">
      {renewable ? (
        <Button variant="outline" size="sm" className="h-8" onClick={() => setDialog("renew")} aria-label={t("actions.renewLabel", { name: label })}>
          <RefreshCwIcon aria-hidden="true" />
          {t("actions.renew")}
        </Button>
      ) : null}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            ref={triggerRef}
            variant="ghost"
            size="icon"
            className="size-8 data-[state=open]:bg-accent"
            aria-label={t("actions.menuLabel", { name: label })}
          >
            <EllipsisIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-52">
          <DropdownMenuLabel className="truncate text-xs font-normal text-muted-foreground">
            {label}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setDialog("rename")}>
            <PencilIcon aria-hidden="true" />
            {t("actions.rename")}
          </DropdownMenuItem>
          {renewable ? (
            <DropdownMenuItem onSelect={() => setDialog("renew")}>
              <RefreshCwIcon aria-hidden="true" />
              {t("actions.renew")}
            </DropdownMenuItem>
          ) : null}
          {license.canChangeKey ? (
            <DropdownMenuItem onSelect={() => setDialog("change-key")}>
              <KeyRoundIcon aria-hidden="true" />
              {t("actions.changeKey")}
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>

      <RenameLicenseDialog
        license={license}
        open={dialog === "rename"}
        onOpenChange={setOpen("rename")}
        onCloseAutoFocus={returnFocus}
      />
      {/* Always mounted: a successful last change flips canChangeKey while the dialog closes. */}
      <ChangeKeyDialog
        license={license}
        open={dialog === "change-key"}
        onOpenChange={setOpen("change-key")}
        onCloseAutoFocus={returnFocus}
      />
      {renewable ? <RenewDialog license={license} open={dialog === "renew"} onOpenChange={setOpen("renew")} /> : null}
    </div>
  );
}
