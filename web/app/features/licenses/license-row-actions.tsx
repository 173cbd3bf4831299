import { Suspense, useRef, useState } from "react";
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

import { lazyNamed, useOpenedOnce } from "~/lib/lazy-component";

import type { License } from "./api";
import { useLicensesCopy } from "./copy";

// The dialogs, their forms and schemas load when one is first opened (decision 049).
const RenameLicenseDialog = lazyNamed(() => import("./rename-license-dialog"), "RenameLicenseDialog");
const ChangeKeyDialog = lazyNamed(() => import("./change-key-dialog"), "ChangeKeyDialog");
const RenewDialog = lazyNamed(() => import("~/features/renewals/renew-dialog"), "RenewDialog");

type OpenDialog = "rename" | "change-key" | "renew" | null;

/** Renew (not for a revoked licence), and the per-row menu: Change Display Name, and Change License Key while changes are left. */
export function LicenseRowActions({ license, label }: { license: License; label: string }) {
  const { t } = useLicensesCopy();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const renameUsed = useOpenedOnce(dialog === "rename");
  const changeKeyUsed = useOpenedOnce(dialog === "change-key");
  const renewUsed = useOpenedOnce(dialog === "renew");

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
