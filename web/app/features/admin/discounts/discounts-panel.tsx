// The Discount codes page (super-admin, decision 077): every code with its discount, plans, window
// and uses, a new code, editing a code's window and limits, and switching one off or on.
import { useCallback, useState } from "react";
import { InboxIcon, PlusIcon } from "lucide-react";

import type { DiscountDto } from "../../../../../contracts/discounts";
import { planTitle } from "../../../../../contracts/plan-catalogue";
import { loadErrorState, useErrorToast, type ListState } from "~/components/data-table/list-state";
import { ResponsiveList } from "~/components/data-table/responsive-list";
import { Button } from "~/components/ui/button";
import { DashboardPage } from "~/components/dashboard/page-header";
import { Card } from "~/components/ui/card";
import { useCatalogue } from "~/features/admin/catalogue/queries";
import { errorMessage, showErrorToast } from "~/lib/errors";
import { toast } from "~/lib/toast";

import { discountsText, useDiscountsCopy } from "./copy";
import { EditDiscountDialog, NewDiscountDialog } from "./discount-dialogs";
import { DiscountCard, DiscountRow, type RowActions } from "./discount-rows";
import { useDiscounts, useUpdateDiscount } from "./queries";

const COLUMNS = ["code", "discount", "appliesTo", "window", "uses", "status", "actions"] as const;

/** A plan's name by id: its title and price list from the catalogue, else the id as stored. */
export function usePlanNames() {
  const { t, i18n } = useDiscountsCopy();
  const catalogue = useCatalogue();
  const plans = catalogue.data?.plans;
  return useCallback(
    (id: string) => {
      const plan = plans?.find((p) => p.id === id);
      return plan ? `${planTitle(plan.months, i18n.language)} (${t(`markets.${plan.market}`)})` : id;
    },
    [plans, i18n.language, t],
  );
}

export function DiscountsPanel() {
  const { t } = useDiscountsCopy();
  const query = useDiscounts();
  const update = useUpdateDiscount();
  const planName = usePlanNames();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<DiscountDto | null>(null);
  const errorTitle = t("page.errorTitle");
  useErrorToast("admin-discounts-error", errorTitle, query.error, errorMessage);

  const actions: RowActions = {
    planName,
    switching: update.isPending,
    onEdit: setEditing,
    onSwitch: (discount) =>
      update.mutate(
        { id: discount.id, body: { active: !discount.active } },
        {
          onSuccess: () => toast.success(discountsText(discount.active ? "actions.switchedOff" : "actions.switchedOn"), { description: discount.code }),
          onError: (error) => showErrorToast(error, "save-discount"),
        },
      ),
  };

  const rows = query.data?.discounts;
  let state: ListState | null = null;
  if (!query.data && query.isError) state = loadErrorState(errorTitle, errorMessage(query.error), () => void query.refetch());
  else if (rows?.length === 0) state = { icon: InboxIcon, title: t("table.empty") };

  return (
    <DashboardPage
      title={t("page.title")}
      description={t("page.description")}
      actions={
        <Button onClick={() => setAdding(true)}>
          <PlusIcon aria-hidden="true" />
          {t("page.add")}
        </Button>
      }
    >
      <Card className="gap-0 overflow-hidden py-0">
        <ResponsiveList
          columns={COLUMNS.map((key) => t(`columns.${key}`))}
          caption={t("table.caption")}
          scrollLabel={t("table.scrollLabel")}
          className="min-w-[60rem]"
          rows={rows}
          renderRow={(discount) => <DiscountRow key={discount.id} {...actions} discount={discount} />}
          renderCards={(list) => (
            <ul aria-label={t("page.title")} className="divide-y">
              {list.map((discount) => (
                <DiscountCard key={discount.id} {...actions} discount={discount} />
              ))}
            </ul>
          )}
          state={state}
          loadingLabel={t("page.loading")}
          skeletonClassName="h-4 w-24"
        />
      </Card>
      <NewDiscountDialog open={adding} onOpenChange={setAdding} />
      <EditDiscountDialog discount={editing} onClose={() => setEditing(null)} />
    </DashboardPage>
  );
}
