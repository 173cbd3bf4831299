// The Catalogue page (super-admin, decision 074): both price lists, each a table of its plans in
// order with their actions, the landing's pricing cards as they will look, and adding a plan.
import { useState } from "react";
import { InboxIcon, PlusIcon } from "lucide-react";

import type { CataloguePlanDto } from "../../../../../contracts/catalogue-admin";
import { MARKETS, type Market } from "../../../../../contracts/plan-catalogue";
import { loadErrorState, useErrorToast, type ListState } from "~/components/data-table/list-state";
import { ResponsiveList } from "~/components/data-table/responsive-list";
import { Button } from "~/components/ui/button";
import { DashboardPage } from "~/components/dashboard/page-header";
import { Card } from "~/components/ui/card";
import { errorMessage, showErrorToast } from "~/lib/errors";
import { toast } from "~/lib/toast";

import { catalogueText, useCatalogueCopy } from "./copy";
import { PlanDialog, StatusDialog } from "./plan-dialogs";
import { PlanCard, PlanRow, type RowActions } from "./plan-rows";
import { PricingPreview } from "./pricing-preview";
import { useCatalogue, useReorderPlans } from "./queries";

const COLUMNS = ["plan", "price", "period", "keyChanges", "status", "actions"] as const;

/** A market's plans with `plan` moved one place up (-1) or down (+1): the full list the reorder endpoint takes. */
export function movedIds(plans: readonly CataloguePlanDto[], plan: CataloguePlanDto, by: -1 | 1): string[] {
  const ids = plans.map((p) => p.id);
  const from = ids.indexOf(plan.id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}

export function CataloguePanel() {
  const { t } = useCatalogueCopy();
  const query = useCatalogue();
  const reorder = useReorderPlans();
  // The plan being edited (none: adding) stays while the dialog closes, so its title does not change as it fades.
  const [form, setForm] = useState<{ open: boolean; plan?: CataloguePlanDto }>({ open: false });
  const [status, setStatus] = useState<CataloguePlanDto | null>(null);
  const errorTitle = t("page.errorTitle");
  useErrorToast("admin-catalogue-error", errorTitle, query.error, errorMessage);

  const plansOf = (market: Market) => query.data?.plans.filter((p) => p.market === market).sort((a, b) => a.sortOrder - b.sortOrder);

  const actions: RowActions = {
    onEdit: (plan) => setForm({ open: true, plan }),
    onStatus: setStatus,
    moving: reorder.isPending,
    onMove: (plan, by) => {
      const planIds = movedIds(plansOf(plan.market) ?? [], plan, by);
      reorder.mutate(
        { market: plan.market, planIds },
        {
          onSuccess: () => toast.success(catalogueText("actions.moved")),
          onError: (error) => showErrorToast(error, "save-plan"),
        },
      );
    },
  };

  return (
    <DashboardPage
      title={t("page.title")}
      description={t("page.description")}
      actions={
        <Button onClick={() => setForm({ open: true })}>
          <PlusIcon aria-hidden="true" />
          {t("page.add")}
        </Button>
      }
    >
      {MARKETS.map((market) => {
        const plans = plansOf(market);
        let state: ListState | null = null;
        if (!query.data && query.isError) state = loadErrorState(errorTitle, errorMessage(query.error), () => void query.refetch());
        else if (plans?.length === 0) state = { icon: InboxIcon, title: t("table.empty") };
        const name = t(`markets.${market}`);
        const row = (plan: CataloguePlanDto, index: number, all: CataloguePlanDto[]) => ({ ...actions, plan, first: index === 0, last: index === all.length - 1 });
        return (
          <section key={market} aria-labelledby={`catalogue-${market}`} data-market={market} className="grid gap-4">
            <Card className="gap-0 overflow-hidden py-0">
              <h2 id={`catalogue-${market}`} className="border-b px-4 py-4 text-lg font-semibold sm:px-6">
                {name}
              </h2>
              <ResponsiveList
                columns={COLUMNS.map((key) => t(`columns.${key}`))}
                caption={t("table.caption", { market: name })}
                scrollLabel={t("table.scrollLabel", { market: name })}
                className="min-w-[52rem]"
                rows={plans}
                renderRow={(plan) => <PlanRow key={plan.id} {...row(plan, plans!.indexOf(plan), plans!)} />}
                renderCards={(rows) => (
                  <ul aria-label={name} className="divide-y">
                    {rows.map((plan, index) => (
                      <PlanCard key={plan.id} {...row(plan, index, rows)} />
                    ))}
                  </ul>
                )}
                state={state}
                loadingLabel={t("page.loading")}
                skeletonClassName="h-4 w-24"
              />
            </Card>
            {plans ? <PricingPreview market={market} plans={plans.filter((p) => p.active)} /> : null}
          </section>
        );
      })}
      <PlanDialog open={form.open} onOpenChange={(open) => setForm((f) => ({ ...f, open }))} plan={form.plan} />
      <StatusDialog plan={status} onClose={() => setStatus(null)} />
    </DashboardPage>
  );
}
