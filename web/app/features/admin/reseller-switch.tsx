// User Management's Reseller switch (decision 080): a super-admin marks a customer as a reseller
// (bulk orders at the plans' volume tiers, licences assigned to end customers) or takes it back.
// Flipping the switch only asks: the change is made in a confirm dialog, audited by the server.
import { useState } from "react";

import { ConfirmDialog } from "~/components/confirm-dialog";
import { Badge } from "~/components/ui/badge";
import { Switch } from "~/components/ui/switch";
import { showErrorToast } from "~/lib/errors";
import { toast } from "~/lib/toast";

import type { AdminUser } from "./api";
import { adminText, useAdminCopy } from "./copy";
import { useSetReseller } from "./queries";

export function ResellerSwitch({ user }: { user: AdminUser }) {
  const { t } = useAdminCopy();
  const setReseller = useSetReseller();
  const [asking, setAsking] = useState(false);
  // What the dialog proposes: the opposite of what the user is now.
  const next = !user.reseller;
  const copy = next ? "users.reseller.mark" : "users.reseller.unmark";

  async function confirm() {
    try {
      const { changed } = await setReseller.mutateAsync({ id: user.id, reseller: next });
      const done = next ? "users.reseller.marked" : "users.reseller.unmarked";
      // Someone else made the same change first: say so rather than claim this one did.
      toast.success(adminText(changed ? `${done}Title` : "users.reseller.unchangedTitle"), { description: adminText(done, { email: user.email }) });
      return true;
    } catch (error) {
      showErrorToast(error, "update-reseller");
      return false;
    }
  }

  return (
    <>
      <Switch
        checked={user.reseller}
        disabled={setReseller.isPending}
        onCheckedChange={() => setAsking(true)}
        aria-label={t("users.reseller.label", { email: user.email })}
      />
      {user.reseller ? (
        <Badge variant="secondary" className="text-xs">
          {t("users.reseller.badge")}
        </Badge>
      ) : null}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        variant={next ? "default" : "destructive"}
        title={t(`${copy}.title`, { email: user.email })}
        description={t(`${copy}.description`, { email: user.email })}
        confirmLabel={t(`${copy}.confirm`)}
        pendingLabel={t("users.reseller.pending")}
        pending={setReseller.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
