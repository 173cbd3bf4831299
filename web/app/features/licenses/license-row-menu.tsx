import type { ReactElement } from "react";
import { KeyRoundIcon, PencilIcon, RefreshCwIcon } from "lucide-react";

import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";

import { useLicensesCopy } from "./copy";

/** The dialogs a licence row opens. */
export type RowDialog = "rename" | "change-key" | "renew";

/** A licence row's menu: Change Display Name, Renew, and Change License Key while changes are left. */
export function LicenseRowMenu({
  trigger,
  open,
  onOpenChange,
  label,
  renewable,
  canChangeKey,
  onChoose,
}: {
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  renewable: boolean;
  canChangeKey: boolean;
  onChoose: (dialog: RowDialog) => void;
}) {
  const { t } = useLicensesCopy();
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuLabel className="truncate text-xs font-normal text-muted-foreground">
          {label}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onChoose("rename")}>
          <PencilIcon aria-hidden="true" />
          {t("actions.rename")}
        </DropdownMenuItem>
        {renewable ? (
          <DropdownMenuItem onSelect={() => onChoose("renew")}>
            <RefreshCwIcon aria-hidden="true" />
            {t("actions.renew")}
          </DropdownMenuItem>
        ) : null}
        {canChangeKey ? (
          <DropdownMenuItem onSelect={() => onChoose("change-key")}>
            <KeyRoundIcon aria-hidden="true" />
            {t("actions.changeKey")}
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
