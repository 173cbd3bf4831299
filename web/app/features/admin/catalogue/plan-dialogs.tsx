// The Catalogue page's dialogs: add a plan, edit one (price in dollars, sent as mills; its volume
// tiers, decision 080), and the confirmation before a plan is retired or put back on sale.
import { useEffect, useId, useState, type FormEvent } from "react";

import type { CataloguePlanDto } from "../../../../../contracts/catalogue-admin";
import { planTitle, type Market } from "../../../../../contracts/plan-catalogue";
import { DialogSubmitFooter } from "~/components/dialog-submit-footer";
import { FormField } from "~/components/form-field";
import { ListSelect } from "~/components/data-table/list-select";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { showErrorToast } from "~/lib/errors";
import { toast } from "~/lib/toast";

import { catalogueText, useCatalogueCopy } from "./copy";
import { checkFields, defaultPeriodFor, EMPTY_FIELDS, fieldsOf, serverFieldErrors, type FieldErrors, type PlanFields } from "./plan-form";
import { useCreatePlan, useUpdatePlan } from "./queries";
import { checkTiers, serverTierErrors, tierRowsOf, type TierErrors, type TierRow } from "./volume-tiers";
import { VolumeTiersEditor } from "./volume-tiers-editor";

/** Edit `plan`, or add one (no plan). */
export function PlanDialog({ open, onOpenChange, plan }: { open: boolean; onOpenChange: (open: boolean) => void; plan?: CataloguePlanDto }) {
  const { t, i18n } = useCatalogueCopy();
  const [fields, setFields] = useState<PlanFields>(EMPTY_FIELDS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tiers, setTiers] = useState<TierRow[]>([]);
  const [tierErrors, setTierErrors] = useState<TierErrors>([]);
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const popularId = useId();

  // Each opening starts from the plan (edit) or from nothing (add).
  useEffect(() => {
    if (!open) return;
    setFields(plan ? fieldsOf(plan) : EMPTY_FIELDS);
    setTiers(plan ? tierRowsOf(plan.volumeTiers) : []);
    setErrors({});
    setTierErrors([]);
  }, [open, plan]);

  const set = (name: keyof PlanFields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkFields(fields, { periodOptional: !plan });
    // A new plan has no tiers yet: they are set when it is edited.
    const checkedTiers = plan ? checkTiers(tiers) : { tiers: [] };
    setErrors("errors" in checked ? checked.errors : {});
    setTierErrors("errors" in checkedTiers ? checkedTiers.errors : []);
    if ("errors" in checked || "errors" in checkedTiers) return;
    const { months, ...terms } = checked.plan;
    try {
      if (plan) {
        await update.mutateAsync({ id: plan.id, body: { ...terms, volumeTiers: checkedTiers.tiers } });
        toast.success(catalogueText("actions.saved"), { description: planTitle(plan.months, i18n.language) });
      } else {
        await create.mutateAsync({ market: fields.market, months, ...terms });
        toast.success(catalogueText("actions.added"), { description: planTitle(months, i18n.language) });
      }
      onOpenChange(false);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setTierErrors(serverTierErrors(error));
      showErrorToast(error, "save-plan");
    }
  };

  const marketName = (market: Market) => t(market === "local" ? "markets.localShort" : "markets.foreignShort");
  const defaultPeriod = defaultPeriodFor(fields.months);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{plan ? t("form.editTitle", { plan: planTitle(plan.months, i18n.language), market: marketName(plan.market) }) : t("form.addTitle")}</DialogTitle>
            <DialogDescription>{plan ? t("form.editDescription") : t("form.addDescription")}</DialogDescription>
          </DialogHeader>
          {plan ? null : (
            <div className="grid gap-4 sm:grid-cols-2">
              <ListSelect
                label={t("form.market")}
                value={fields.market}
                options={(["local", "foreign"] as const).map((value) => ({ value, label: marketName(value) }))}
                onChange={(market) => setFields((f) => ({ ...f, market }))}
                triggerClassName="w-full"
              />
              <FormField label={t("form.months")} inputMode="numeric" autoComplete="off" value={fields.months} onChange={set("months")} error={errors.months} />
            </div>
          )}
          <FormField
            label={t("form.price")}
            inputMode="decimal"
            autoComplete="off"
            placeholder="9.99"
            value={fields.price}
            onChange={set("price")}
            error={errors.price}
            hint={t("form.priceHint")}
          />
          <FormField
            label={t("form.periodDays")}
            inputMode="numeric"
            autoComplete="off"
            value={fields.periodDays}
            onChange={set("periodDays")}
            error={errors.periodDays}
            placeholder={!plan && defaultPeriod !== null ? String(defaultPeriod) : undefined}
            hint={plan ? undefined : t("form.periodHint", { days: defaultPeriod ?? "30" })}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t("form.bonusDays")} inputMode="numeric" autoComplete="off" value={fields.bonusDays} onChange={set("bonusDays")} error={errors.bonusDays} />
            <FormField label={t("form.keyChanges")} inputMode="numeric" autoComplete="off" value={fields.keyChanges} onChange={set("keyChanges")} error={errors.keyChanges} />
          </div>
          <div className="flex items-center gap-3">
            <input
              id={popularId}
              type="checkbox"
              className="size-4 shrink-0 accent-primary"
              checked={fields.isPopular}
              onChange={(e) => setFields((f) => ({ ...f, isPopular: e.target.checked }))}
            />
            <Label htmlFor={popularId} className="font-normal">
              {t("form.popular")}
            </Label>
          </div>
          {plan ? <VolumeTiersEditor rows={tiers} errors={tierErrors} onChange={setTiers} /> : null}
          <DialogSubmitFooter loading={create.isPending || update.isPending} loadingLabel={t("form.saving")}>
            {plan ? t("form.save") : t("form.add")}
          </DialogSubmitFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Retire a plan on sale, or put a retired one back on sale, after saying what that does. */
export function StatusDialog({ plan: asked, onClose }: { plan: CataloguePlanDto | null; onClose: () => void }) {
  const { t, i18n } = useCatalogueCopy();
  const update = useUpdatePlan();
  // The last plan asked about stays while the dialog closes, so its words do not change as it fades.
  const [plan, setPlan] = useState(asked);
  useEffect(() => {
    if (asked) setPlan(asked);
  }, [asked]);
  const retire = plan?.active ?? true;
  const names = plan ? { plan: planTitle(plan.months, i18n.language), market: t(plan.market === "local" ? "markets.localShort" : "markets.foreignShort") } : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!plan) return;
    try {
      await update.mutateAsync({ id: plan.id, body: { active: !retire } });
      toast.success(catalogueText(retire ? "actions.retired" : "actions.restored"), { description: names.plan });
    } catch (error) {
      showErrorToast(error, "save-plan");
    }
    onClose();
  };

  return (
    <Dialog open={asked !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={(e) => void submit(e)} className="grid gap-5">
          <DialogHeader>
            <DialogTitle>{t(retire ? "confirm.retireTitle" : "confirm.restoreTitle", names)}</DialogTitle>
            <DialogDescription>{t(retire ? "confirm.retireDescription" : "confirm.restoreDescription")}</DialogDescription>
          </DialogHeader>
          <DialogSubmitFooter loading={update.isPending} loadingLabel={t("confirm.working")} variant={retire ? "destructive" : "default"}>
            {t(retire ? "confirm.retire" : "confirm.restore")}
          </DialogSubmitFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
