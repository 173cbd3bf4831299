// The Discount codes page's dialogs: a new code (every rule), and editing a code's window, limits
// and note (its code, discount and plans are what customers were promised). A refusal is put on
// the field it names; DISCOUNT_EXISTS on the code.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";

import type { DiscountDto } from "../../../../../contracts/discounts";
import { MARKETS, planTitle, type Market } from "../../../../../contracts/plan-catalogue";
import { formatMoney } from "../../../../../contracts/money";
import { DialogSubmitFooter } from "~/components/dialog-submit-footer";
import { FormField } from "~/components/form-field";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { useCatalogue } from "~/features/admin/catalogue/queries";
import { showErrorToast } from "~/lib/errors";
import { toast } from "~/lib/toast";

import { discountsText, useDiscountsCopy } from "./copy";
import { checkEdit, checkNew, EMPTY_FIELDS, fieldsOf, serverFieldErrors, type DiscountFields, type FieldErrors } from "./discount-form";
import { useCreateDiscount, useUpdateDiscount } from "./queries";

type FieldsState = [DiscountFields, (update: (f: DiscountFields) => DiscountFields) => void];

function Check({ checked, onChange, children }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2.5">
      <input id={id} type="checkbox" className="size-4 shrink-0 accent-primary" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <Label htmlFor={id} className="font-normal">
        {children}
      </Label>
    </div>
  );
}

const toggled = <T,>(list: readonly T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));

/** Start, end, the two limits and the note: both dialogs have them. */
function WindowFields({ state: [fields, set], errors }: { state: FieldsState; errors: FieldErrors }) {
  const { t } = useDiscountsCopy();
  const on = (name: keyof DiscountFields) => (e: { target: { value: string } }) => set((f) => ({ ...f, [name]: e.target.value }));
  return (
    <>
      <div className="grid gap-2">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label={t("form.startsOn")} type="date" value={fields.startsOn} onChange={on("startsOn")} error={errors.startsOn} />
          <FormField label={t("form.endsOn")} type="date" value={fields.endsOn} onChange={on("endsOn")} error={errors.endsOn} />
        </div>
        <p className="text-xs text-muted-foreground">{t("form.datesHint")}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField className="content-start" label={t("form.maxUses")} inputMode="numeric" autoComplete="off" value={fields.maxUses} onChange={on("maxUses")} error={errors.maxUses} hint={t("form.limitHint")} />
        <FormField
          label={t("form.maxUsesPerCustomer")}
          inputMode="numeric"
          autoComplete="off"
          value={fields.maxUsesPerCustomer}
          onChange={on("maxUsesPerCustomer")}
          error={errors.maxUsesPerCustomer}
          hint={t("form.limitHint")}
        />
      </div>
      <FormField label={t("form.note")} autoComplete="off" maxLength={200} value={fields.note} onChange={on("note")} error={errors.note} hint={t("form.noteHint")} />
    </>
  );
}

/** The plans of both price lists (retired ones too: a code may wait for one to come back), and the price lists. */
function PlanChoices({ state: [fields, set] }: { state: FieldsState }) {
  const { t, i18n } = useDiscountsCopy();
  const catalogue = useCatalogue();
  const plans = catalogue.data?.plans;
  return (
    <>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t("form.plans")}</legend>
        <p className="text-xs text-muted-foreground">{t("form.plansHint")}</p>
        {plans ? (
          <div className="grid gap-2 sm:grid-cols-2" data-testid="discount-plans">
            {MARKETS.map((market) =>
              plans
                .filter((p) => p.market === market)
                .sort((a, b) => a.sortOrder - b.sortOrder)
                .map((p) => (
                  <Check key={p.id} checked={fields.planIds.includes(p.id)} onChange={(on) => set((f) => ({ ...f, planIds: toggled(f.planIds, p.id, on) }))}>
                    {`${planTitle(p.months, i18n.language)} · ${t(`markets.${market}`)} · ${formatMoney(p.priceMills)}`}
                  </Check>
                )),
            )}
          </div>
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            {t("form.plansLoading")}
          </p>
        )}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t("form.markets")}</legend>
        <p className="text-xs text-muted-foreground">{t("form.marketsHint")}</p>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {MARKETS.map((market: Market) => (
            <Check key={market} checked={fields.markets.includes(market)} onChange={(on) => set((f) => ({ ...f, markets: toggled(f.markets, market, on) }))}>
              {t(`markets.${market}`)}
            </Check>
          ))}
        </div>
      </fieldset>
    </>
  );
}

/** Percent or fixed amount, and how much. */
function ValueFields({ state: [fields, set], error }: { state: FieldsState; error?: string }) {
  const { t } = useDiscountsCopy();
  const id = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t("form.kind")}</legend>
        {(["percent", "fixed"] as const).map((kind) => (
          <div key={kind} className="flex items-center gap-2.5">
            <input
              id={`${id}-${kind}`}
              type="radio"
              name={`${id}-kind`}
              className="size-4 accent-primary"
              checked={fields.kind === kind}
              onChange={() => set((f) => ({ ...f, kind }))}
            />
            <Label htmlFor={`${id}-${kind}`} className="font-normal">
              {t(`form.${kind}`)}
            </Label>
          </div>
        ))}
      </fieldset>
      <FormField
        label={t(fields.kind === "percent" ? "form.percentValue" : "form.fixedValue")}
        inputMode="decimal"
        autoComplete="off"
        placeholder={fields.kind === "percent" ? "20" : "5.00"}
        value={fields.value}
        onChange={(e) => set((f) => ({ ...f, value: e.target.value }))}
        error={error}
        hint={t("form.valueHint")}
      />
    </div>
  );
}

/** A new code: every rule, checked here first with the server's bounds. */
export function NewDiscountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useDiscountsCopy();
  const [fields, setFields] = useState<DiscountFields>(EMPTY_FIELDS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateDiscount();

  useEffect(() => {
    if (!open) return;
    setFields(EMPTY_FIELDS);
    setErrors({});
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkNew(fields);
    if ("errors" in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      const made = await create.mutateAsync(checked.body);
      toast.success(discountsText("actions.added"), { description: (made as DiscountDto | undefined)?.code ?? checked.body.code });
      onOpenChange(false);
    } catch (error) {
      const onFields = serverFieldErrors(error, fields.kind);
      setErrors(onFields);
      if (Object.keys(onFields).length === 0) showErrorToast(error, "save-discount");
    }
  };

  const state: FieldsState = [fields, setFields];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t("form.addTitle")}</DialogTitle>
            <DialogDescription>{t("form.addDescription")}</DialogDescription>
          </DialogHeader>
          <FormField
            label={t("form.code")}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            className="[&_input]:uppercase"
            value={fields.code}
            onChange={(e) => setFields((f) => ({ ...f, code: e.target.value }))}
            error={errors.code}
            hint={t("form.codeHint")}
          />
          <ValueFields state={state} error={errors.value} />
          <PlanChoices state={state} />
          <WindowFields state={state} errors={errors} />
          <Check checked={fields.firstPurchaseOnly} onChange={(on) => setFields((f) => ({ ...f, firstPurchaseOnly: on }))}>
            {t("form.firstPurchase")}
          </Check>
          <DialogSubmitFooter loading={create.isPending} loadingLabel={t("form.saving")}>
            {t("form.add")}
          </DialogSubmitFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A code's window, limits and note; nothing changed, nothing sent. */
export function EditDiscountDialog({ discount, onClose }: { discount: DiscountDto | null; onClose: () => void }) {
  const { t } = useDiscountsCopy();
  // The last code asked about stays while the dialog closes, so its words do not change as it fades.
  const [shown, setShown] = useState(discount);
  const [fields, setFields] = useState<DiscountFields>(EMPTY_FIELDS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateDiscount();

  useEffect(() => {
    if (!discount) return;
    setShown(discount);
    setFields(fieldsOf(discount));
    setErrors({});
  }, [discount]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!shown) return;
    const checked = checkEdit(fields, shown);
    if ("errors" in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    if (checked.body) {
      try {
        await update.mutateAsync({ id: shown.id, body: checked.body });
        toast.success(discountsText("actions.saved"), { description: shown.code });
      } catch (error) {
        const onFields = serverFieldErrors(error, shown.kind);
        setErrors(onFields);
        if (Object.keys(onFields).length === 0) showErrorToast(error, "save-discount");
        return;
      }
    }
    onClose();
  };

  return (
    <Dialog open={discount !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t("form.editTitle", { code: shown?.code ?? "" })}</DialogTitle>
            <DialogDescription>{t("form.editDescription")}</DialogDescription>
          </DialogHeader>
          <WindowFields state={[fields, setFields]} errors={errors} />
          <DialogSubmitFooter loading={update.isPending} loadingLabel={t("form.saving")}>
            {t("form.save")}
          </DialogSubmitFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
