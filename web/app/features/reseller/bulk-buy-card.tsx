// "Buy licences in bulk" (decision 080): a plan (grouped by price list), how many licences, the
// plan's volume tiers and the price they give, live; Pay opens the shared payment dialog for the
// bulk checkout, which returns to /reseller.
import { Suspense, useId, useMemo, useState, type FormEvent } from "react";
import { LockIcon, TagIcon } from "lucide-react";

import { formatMoney } from "../../../../contracts/money";
import { MARKETS, planTitle } from "../../../../contracts/plan-catalogue";
import { BULK_MESSAGES, MAX_BULK_QUANTITY, MIN_BULK_QUANTITY, type VolumeTier } from "../../../../contracts/reseller";
import { fieldMessage } from "~/components/data-table/field-message";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import type { CheckoutDialogText } from "~/features/payments/checkout-dialog";
import { checkoutLabels, usePaymentsCopy } from "~/features/payments/copy";
import { api } from "~/lib/api";
import { lazyNamed, useOpenedOnce } from "~/lib/lazy-component";
import { cn } from "~/lib/utils";

import { resellerApi, type ResellerPlan } from "./api";
import { bulkPrice, parseQuantity, type BulkPrice } from "./bulk-price";
import { useResellerCopy } from "./copy";

const CheckoutDialog = lazyNamed(() => import("~/features/payments/checkout-dialog"), "CheckoutDialog");

const DEFAULT_QUANTITY = "10";

async function sessionEmail() {
  return (await api.getMe())?.email ?? null;
}

/** What the payment dialog is opened for: fixed when Pay is pressed. */
type Paying = { plan: ResellerPlan; price: BulkPrice };

export function BulkBuyCard({ plans, failed }: { plans: ResellerPlan[] | undefined; failed: boolean }) {
  const { t, i18n } = useResellerCopy();
  const id = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [quantityText, setQuantityText] = useState(DEFAULT_QUANTITY);
  const [paying, setPaying] = useState<Paying | null>(null);
  const [open, setOpen] = useState(false);
  const dialogUsed = useOpenedOnce(open);

  // The plans as the select lists them (by price list); the first is chosen until the reseller picks one.
  const ordered = useMemo(() => MARKETS.flatMap((market) => (plans ?? []).filter((p) => p.market === market)), [plans]);
  const plan = ordered.find((p) => p.id === chosen) ?? ordered[0] ?? null;
  const quantity = parseQuantity(quantityText);
  const price = plan ? bulkPrice(plan, quantity) : null;
  const quantityError = quantity === null ? fieldMessage(t, BULK_MESSAGES.quantity, { [BULK_MESSAGES.quantity]: "buy.quantityError" }) : undefined;
  const title = (p: ResellerPlan) => planTitle(p.months, i18n.language);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!plan || !price) return;
    setPaying({ plan, price });
    setOpen(true);
  }

  return (
    <Card data-testid="bulk-buy">
      <CardHeader>
        <CardTitle>
          <h2>{t("buy.title")}</h2>
        </CardTitle>
        <CardDescription>{t("buy.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {!plans ? (
          <p role="status" className="text-sm text-muted-foreground">
            {failed ? t("buy.plansError") : t("buy.plansLoading")}
          </p>
        ) : plans.length === 0 || !plan ? (
          <p className="text-sm text-muted-foreground">{t("buy.noPlans")}</p>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
            <div className="grid content-start gap-5">
              <div className="grid gap-5 sm:grid-cols-2">
                <div className="grid content-start gap-2">
                  <Label htmlFor={`${id}-plan`}>{t("buy.plan")}</Label>
                  <NativeSelect id={`${id}-plan`} value={plan.id} onChange={(event) => setChosen(event.target.value)}>
                    {MARKETS.map((market) => {
                      const list = ordered.filter((p) => p.market === market);
                      return list.length === 0 ? null : (
                        <optgroup key={market} label={t(`buy.markets.${market}`)}>
                          {list.map((p) => (
                            <option key={p.id} value={p.id}>
                              {`${title(p)} · ${formatMoney(p.priceMills)}`}
                            </option>
                          ))}
                        </optgroup>
                      );
                    })}
                  </NativeSelect>
                </div>
                <div className="grid content-start gap-2">
                  <Label htmlFor={`${id}-quantity`}>{t("buy.quantity")}</Label>
                  <Input
                    id={`${id}-quantity`}
                    type="number"
                    inputMode="numeric"
                    min={MIN_BULK_QUANTITY}
                    max={MAX_BULK_QUANTITY}
                    step={1}
                    value={quantityText}
                    onChange={(event) => setQuantityText(event.target.value)}
                    aria-invalid={quantityError ? true : undefined}
                    aria-describedby={`${id}-quantity-hint`}
                    className="tabular-nums"
                  />
                  <p id={`${id}-quantity-hint`} className={cn("text-xs", quantityError ? "text-destructive" : "text-muted-foreground")} role={quantityError ? "alert" : undefined}>
                    {quantityError ?? t("buy.quantityHint")}
                  </p>
                </div>
              </div>
              <Tiers tiers={plan.volumeTiers} taken={price?.tier ?? null} />
            </div>
            <PriceSummary plan={plan} price={price} />
          </form>
        )}
      </CardContent>
      {dialogUsed && paying ? (
        <Suspense fallback={null}>
          <BulkCheckoutDialog open={open} onOpenChange={setOpen} paying={paying} item={t("buy.item", { n: paying.price.quantity, plan: title(paying.plan) })} />
        </Suspense>
      ) : null}
    </Card>
  );
}

/** The plan's volume tiers, the one the quantity takes marked. */
function Tiers({ tiers, taken }: { tiers: readonly VolumeTier[]; taken: VolumeTier | null }) {
  const { t } = useResellerCopy();
  const labelId = useId();
  if (tiers.length === 0) return <p className="text-sm text-muted-foreground">{t("buy.noTiers")}</p>;
  return (
    <div className="grid gap-2">
      <p id={labelId} className="text-sm font-medium">
        {t("buy.tiers")}
      </p>
      <ul aria-labelledby={labelId} className="flex flex-wrap gap-2" data-testid="volume-tiers">
        {tiers.map((tier) => {
          const current = taken?.minQuantity === tier.minQuantity;
          return (
            <li
              key={tier.minQuantity}
              aria-current={current || undefined}
              className={cn("flex items-center gap-2 rounded-lg border px-3 py-2 text-sm", current ? "border-primary bg-primary/5 font-medium" : "text-muted-foreground")}
            >
              <TagIcon className="size-3.5 shrink-0" aria-hidden="true" />
              {t("buy.tier", { min: tier.minQuantity, percent: tier.percentOff })}
              {current ? <Badge variant="secondary">{t("buy.tierTaken")}</Badge> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The unit price (less its tier's percent), the total and Pay. */
function PriceSummary({ plan, price }: { plan: ResellerPlan; price: BulkPrice | null }) {
  const { t } = useResellerCopy();
  const total = price ? formatMoney(price.totalMills) : null;
  return (
    <section aria-label={t("buy.summary")} className="grid content-start gap-4 rounded-lg border bg-muted/40 p-4">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-4 gap-y-2 text-sm" aria-live="polite" data-testid="bulk-price">
        <dt className="text-muted-foreground">{t("buy.unitPrice")}</dt>
        <dd className="text-right tabular-nums" data-testid="bulk-unit-price">
          {price?.tier ? (
            <>
              <s className="mr-1.5 text-muted-foreground">{formatMoney(plan.priceMills)}</s>
              <span className="font-medium">{formatMoney(price.unitMills)}</span>
              <Badge variant="secondary" className="ml-2" data-testid="bulk-percent-off">
                {t("buy.percentOff", { percent: price.tier.percentOff })}
              </Badge>
            </>
          ) : (
            <span className="font-medium">{formatMoney(price?.unitMills ?? plan.priceMills)}</span>
          )}
        </dd>
        <dt className="text-muted-foreground">{t("buy.total")}</dt>
        <dd className="text-right">
          <span className="block text-xl font-semibold tabular-nums" data-testid="bulk-total">
            {total ?? "—"}
          </span>
          {price ? <span className="text-xs text-muted-foreground tabular-nums">{t("buy.totalOf", { n: price.quantity, unit: formatMoney(price.unitMills) })}</span> : null}
        </dd>
      </dl>
      <p className="text-xs text-muted-foreground">{t("buy.noCodes")}</p>
      <Button type="submit" disabled={!price} className="w-full">
        <LockIcon aria-hidden="true" />
        {total ? t("buy.pay", { price: total }) : t("buy.payNoPrice")}
      </Button>
    </section>
  );
}

/** The shared payment dialog (features/payments) for the bulk checkout: no discount code, no gift. */
function BulkCheckoutDialog({ open, onOpenChange, paying, item }: { open: boolean; onOpenChange: (open: boolean) => void; paying: Paying; item: string }) {
  const { t } = useResellerCopy();
  const payments = usePaymentsCopy().t;
  const total = formatMoney(paying.price.totalMills);
  const text = useMemo<CheckoutDialogText>(
    () => ({
      ...checkoutLabels(payments),
      title: t("buy.dialogTitle"),
      description: t("buy.dialogDescription"),
      emailHint: t("buy.emailHint"),
      pay: t("buy.pay", { price: total }),
    }),
    [t, payments, total],
  );
  return (
    <CheckoutDialog
      open={open}
      onOpenChange={onOpenChange}
      text={text}
      item={item}
      amount={total}
      loadEmail={sessionEmail}
      request={() => resellerApi.checkout({ planId: paying.plan.id, quantity: paying.price.quantity, returnTo: "reseller" })}
    />
  );
}
