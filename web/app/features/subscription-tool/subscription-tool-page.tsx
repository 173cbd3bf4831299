import { useCallback, useId, useMemo, useRef, useState, type FormEvent, type CSSProperties } from "react";
import {
  CheckIcon,
  CircleAlertIcon,
  KeyRoundIcon,
  MailIcon,
  MonitorSmartphoneIcon,
  ShieldCheckIcon,
  ShoppingCartIcon,
  SparklesIcon,
  WalletCardsIcon,
} from "lucide-react";
import { useSearchParams } from "react-router";

import { formatMoney } from "../../../../contracts/money";
import { planPeriod, plansForMarket, planTitle, type CataloguePlan } from "../../../../contracts/plan-catalogue";
import { textProblem } from "../../../../contracts/text-rules";
import { planDays } from "../../../../contracts/renewal-terms";
import { PublicPage } from "~/components/public/public-page";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { ordersApi } from "~/features/payments/api";
import { CheckoutDialog, type CheckoutDialogText } from "~/features/payments/checkout-dialog";
import { toolPaymentFailure } from "~/features/payments/use-checkout";
import { rememberToolCheckout } from "~/features/payments-return/payment-return";
import { useTranslation, type Language, type TFunction } from "~/lib/i18n";
import { BRAND_NAME } from "~/lib/nav";
import { useToaster } from "~/lib/toaster";
import { cn } from "~/lib/utils";

import { DeviceNote } from "./device-note";
import { ToolPaymentReturn } from "./tool-payment-return";
import { SITE } from "../../../../contracts/site";

/** The tool's device keys carry this marker (contracts/licenses DEVICE_KEY_MARKER). */
const DEVICE_KEY_MARKER = "LDREEL";
/** The spec: an address with no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PLANS = plansForMarket("local");

type Problem = "plan" | "email" | "device" | null;


export function isValidToolEmail(value: string) {
  const email = value.trim();
  // The server's rule for one line of text too (decision 034): the page says so in its own words.
  return EMAIL_PATTERN.test(email) && textProblem(email, "single-line") === null;
}

/** The `license` the tool put in the link: none, or a device key the server will take. */
export function isValidToolDeviceKey(deviceKey: string) {
  return deviceKey === "" || (deviceKey.includes(DEVICE_KEY_MARKER) && textProblem(deviceKey, "single-line") === null);
}

/** The plan's title in the page's language, from its length (contracts/plan-catalogue.ts). */
function planName(lng: Language, plan: CataloguePlan) {
  return planTitle(plan.months, lng);
}

/**
 * /subscription_tool and /subscription_tool_v2: buy or extend the desktop tool's licence without an
 * account. The tool opens the page with `?license=<device key>`; the order carries it, and the
 * licence bound to that key is extended when the payment is confirmed.
 */
export function SubscriptionToolPage({ variant }: { variant: "v1" | "v2" }) {
  useToaster();
  const { t, i18n } = useTranslation("subscription");
  const id = useId();
  const [searchParams] = useSearchParams();
  const deviceKey = searchParams.get("license")?.trim() ?? "";
  const deviceKeyValid = isValidToolDeviceKey(deviceKey);

  const [planId, setPlanId] = useState<string | null>(null);
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<Problem>(null);
  const [confirming, setConfirming] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const plansRef = useRef<HTMLFieldSetElement>(null);

  const plan = PLANS.find((p) => p.id === planId) ?? null;
  const emailValid = isValidToolEmail(email);
  const ready = plan !== null && emailValid && deviceKeyValid;
  const price = plan ? formatMoney(plan.priceMills) : null;

  function purchase(event: FormEvent) {
    event.preventDefault();
    // A link whose key the server would refuse is said before any payment step (#29 item 2).
    if (!deviceKeyValid) {
      setProblem("device");
      return;
    }
    // The spec's alerts, in its order: a plan first, then the address.
    if (!plan) {
      setProblem("plan");
      plansRef.current?.querySelector<HTMLInputElement>("input[type=radio]")?.focus();
      return;
    }
    if (!emailValid) {
      setProblem("email");
      emailRef.current?.focus();
      return;
    }
    setProblem(null);
    setConfirming(true);
  }

  const trimmedEmail = email.trim();
  const request = useCallback(async () => {
    if (!planId) throw new Error("No plan chosen");
    const response = await ordersApi.toolCheckout({
      planId,
      email: trimmedEmail,
      deviceKey: deviceKey || undefined,
      variant,
    });
    rememberToolCheckout({ email: trimmedEmail, tranId: response.order.tranId, planTitle: response.order.planTitle });
    return response;
  }, [planId, trimmedEmail, deviceKey, variant]);

  const loadEmail = useCallback(() => Promise.resolve(isValidToolEmail(trimmedEmail) ? trimmedEmail : null), [trimmedEmail]);

  const dialogText = useMemo<CheckoutDialogText>(
    () => ({
      title: t("confirm.title"),
      description: t("confirm.description"),
      summaryLabel: t("confirm.summary"),
      itemLabel: t("confirm.item"),
      amountLabel: t("confirm.amount"),
      emailLabel: t("confirm.email"),
      emailHint: t("confirm.emailHint"),
      emailLoading: t("confirm.emailLoading"),
      emailMissing: t("confirm.emailMissing"),
      emailError: t("confirm.emailError"),
      acceptsLabel: t("confirm.accepts"),
      cancel: t("confirm.cancel"),
      pay: t("confirm.pay", { price }),
      paying: t("confirm.paying"),
    }),
    [t, price],
  );

  const outcomeText = useMemo(
    () => ({
      failed: { title: t("return.status.failed.title"), description: t("return.status.failed.description") },
      cancelled: { title: t("return.status.cancelled.title"), description: t("return.status.cancelled.description") },
    }),
    [t],
  );

  const days = plan ? planDays(plan) : 0;

  return (
    <PublicPage>
      <title>{`${t("meta.title")} | ${BRAND_NAME}`}</title>
      <ToolPaymentReturn variant={variant} />

      {/* Banner */}
      <section aria-labelledby={`${id}-title`} className="relative isolate overflow-hidden border-b">
        <div aria-hidden="true" className="absolute inset-0 -z-10">
          <div className="absolute inset-0 bg-gradient-to-br from-brand/15 via-background to-teal-500/10 dark:from-brand/20 dark:to-teal-400/5" />
          <div className="absolute inset-0 bg-[linear-gradient(to_right,var(--border)_1px,transparent_1px),linear-gradient(to_bottom,var(--border)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_60%_60%_at_50%_0%,#000_30%,transparent_100%)] bg-[size:40px_40px] opacity-60" />
        </div>
        <div className="mx-auto max-w-4xl px-4 py-12 text-center sm:px-6 sm:py-16">
          <p className="mx-auto inline-flex items-center gap-2 rounded-full border bg-background/80 px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs sm:text-sm">
            <MonitorSmartphoneIcon className="size-4 text-brand-text" aria-hidden="true" />
            {t("banner.eyebrow")}
          </p>
          <h1
            id={`${id}-title`}
            className="mt-5 text-3xl font-extrabold tracking-tight text-balance sm:text-5xl [&:lang(km)]:leading-snug"
          >
            {t("banner.title")}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
            {t("banner.subtitle")}
          </p>
          <ul className="mx-auto mt-6 flex max-w-2xl flex-wrap items-center justify-center gap-x-5 gap-y-2 text-sm text-muted-foreground">
            <li className="flex items-center gap-1.5">
              <WalletCardsIcon className="size-4 text-brand-text" aria-hidden="true" />
              {t("banner.trustPayments")}
            </li>
            <li className="flex items-center gap-1.5">
              <MailIcon className="size-4 text-brand-text" aria-hidden="true" />
              {t("banner.trustEmail")}
            </li>
            <li className="flex items-center gap-1.5">
              <ShieldCheckIcon className="size-4 text-brand-text" aria-hidden="true" />
              {t("banner.trustGuarantee", { days: SITE.refundWindowDays })}
            </li>
          </ul>
          <DeviceNote deviceKey={deviceKey} valid={deviceKeyValid} t={t} />
        </div>
      </section>

      <form
        noValidate
        onSubmit={purchase}
        aria-labelledby={`${id}-title`}
        className="mx-auto grid max-w-4xl gap-10 px-4 py-10 sm:px-6 sm:py-14"
      >
        <fieldset ref={plansRef} aria-describedby={problem === "plan" ? `${id}-plan-error` : undefined}>
          <legend className="mb-4 text-lg font-semibold">{t("plans.legend")}</legend>
          <div style={{ "--plans": PLANS.length } as CSSProperties} className="grid gap-4 sm:grid-cols-[repeat(var(--plans),minmax(0,1fr))]">
            {PLANS.map((p) => (
              <PlanOption
                key={p.id}
                plan={p}
                name={`${id}-plan`}
                checked={planId === p.id}
                onSelect={() => {
                  setPlanId(p.id);
                  if (problem === "plan") setProblem(null);
                }}
                t={t}
                lng={i18n.language}
              />
            ))}
          </div>
          {problem === "plan" ? (
            <FieldAlert id={`${id}-plan-error`}>{t("errors.plan")}</FieldAlert>
          ) : null}
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="mb-3 text-lg font-semibold">{t("email.legend")}</legend>
          <div className="grid max-w-xl gap-2">
            <Label htmlFor={`${id}-email`}>{t("email.label")}</Label>
            <Input
              ref={emailRef}
              id={`${id}-email`}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              maxLength={254}
              placeholder={t("email.placeholder")}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                if (problem === "email" && isValidToolEmail(event.target.value)) setProblem(null);
              }}
              aria-invalid={problem === "email" || undefined}
              aria-describedby={`${id}-email-hint${problem === "email" ? ` ${id}-email-error` : ""}`}
              className="h-11"
            />
            <p id={`${id}-email-hint`} className="text-sm text-muted-foreground">
              {t("email.hint")}
            </p>
            {problem === "email" ? <FieldAlert id={`${id}-email-error`}>{t("errors.email")}</FieldAlert> : null}
          </div>
        </fieldset>

        <div className="flex flex-col gap-4 rounded-xl border bg-card p-5 shadow-xs sm:flex-row sm:items-center sm:justify-between">
          <div className="grid gap-0.5" aria-live="polite">
            <span className="text-sm text-muted-foreground">{t("total")}</span>
            <span className="text-2xl font-bold tabular-nums" data-testid="tool-total">
              {plan ? (
                <>
                  {price} <span className="text-base font-medium text-muted-foreground">· {planName(i18n.language, plan)}</span>
                </>
              ) : (
                <span className="text-base font-medium text-muted-foreground">{t("noPlan")}</span>
              )}
            </span>
          </div>
          {/* Looks disabled until a plan and a valid address are there, but stays focusable and
              answers a press with the reason (the spec's alerts). */}
          {problem === "device" ? <FieldAlert id={`${id}-device-error`}>{t("errors.device")}</FieldAlert> : null}
          <Button
            type="submit"
            size="lg"
            aria-disabled={!ready || undefined}
            className={cn("h-11 w-full text-base sm:w-auto sm:min-w-48", !ready && "opacity-50")}
          >
            <ShoppingCartIcon aria-hidden="true" />
            {t("purchase")}
          </Button>
        </div>
      </form>

      {plan ? (
        <CheckoutDialog
          open={confirming}
          onOpenChange={setConfirming}
          text={dialogText}
          item={planName(i18n.language, plan)}
          amount={price}
          loadEmail={loadEmail}
          request={request}
          failure={toolPaymentFailure()}
          outcomeText={outcomeText}
          closeWith="receipt"
          className="brand-green"
        >
          <p className="flex gap-2.5 rounded-lg border px-3.5 py-3 text-sm text-muted-foreground">
            <KeyRoundIcon className="mt-0.5 size-4 shrink-0 text-brand-text" aria-hidden="true" />
            {deviceKey && deviceKeyValid ? t("confirm.extends", { count: days }) : t("confirm.newKey", { count: days })}
          </p>
        </CheckoutDialog>
      ) : null}
    </PublicPage>
  );
}

function FieldAlert({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} role="alert" className="mt-3 flex items-center gap-2 text-sm font-medium text-destructive">
      <CircleAlertIcon className="size-4 shrink-0" aria-hidden="true" />
      {children}
    </p>
  );
}

function PlanOption({
  plan,
  name,
  checked,
  onSelect,
  t,
  lng,
}: {
  plan: CataloguePlan;
  name: string;
  checked: boolean;
  onSelect: () => void;
  t: TFunction;
  lng: Language;
}) {
  const title = planName(lng, plan);
  return (
    <label
      data-plan={plan.id}
      className={cn(
        "group relative flex cursor-pointer flex-col rounded-2xl border bg-card p-5 shadow-xs transition-[border-color,box-shadow,background-color]",
        "hover:border-brand/50 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
        checked && "border-brand bg-brand-soft/60 ring-1 ring-brand dark:bg-brand-soft",
      )}
    >
      <input
        type="radio"
        name={name}
        value={plan.id}
        checked={checked}
        onChange={onSelect}
        className="sr-only"
        aria-labelledby={`${name}-${plan.id}-title ${name}-${plan.id}-price`}
        aria-describedby={`${name}-${plan.id}-details`}
      />
      {plan.isPopular ? (
        <span className="absolute -top-3 left-5 inline-flex items-center gap-1 rounded-full bg-brand px-2.5 py-0.5 text-xs font-semibold text-brand-foreground shadow-sm">
          <SparklesIcon className="size-3" aria-hidden="true" />
          {t("plans.popular")}
        </span>
      ) : null}
      <span className="flex items-start justify-between gap-3">
        <span id={`${name}-${plan.id}-title`} className="text-base font-semibold">
          {title}
        </span>
        <span
          aria-hidden="true"
          className={cn(
            "flex size-5 shrink-0 items-center justify-center rounded-full border transition-colors",
            checked ? "border-brand bg-brand text-brand-foreground" : "border-muted-foreground/40 bg-background",
          )}
        >
          {checked ? <CheckIcon className="size-3.5" strokeWidth={3} /> : null}
        </span>
      </span>
      <span className="mt-3 flex flex-wrap items-baseline gap-x-1.5">
        <span id={`${name}-${plan.id}-price`} className="text-3xl font-extrabold tracking-tight tabular-nums">
          {formatMoney(plan.priceMills)}
        </span>
        <span className="text-sm text-muted-foreground">{planPeriod(plan.months, lng)}</span>
      </span>
      <span id={`${name}-${plan.id}-details`} className="mt-4 grid gap-2 text-sm">
        {plan.bonusDays > 0 ? (
          <span className="inline-flex w-fit items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-200">
            {t("plans.bonus", { count: plan.bonusDays })}
          </span>
        ) : null}
        <span className="flex items-center gap-2 text-muted-foreground">
          <KeyRoundIcon className="size-4 shrink-0" aria-hidden="true" />
          {t("plans.keys", { count: plan.keyChanges })}
        </span>
      </span>
    </label>
  );
}
