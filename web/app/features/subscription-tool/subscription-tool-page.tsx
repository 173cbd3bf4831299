import { useCallback, useId, useMemo, useRef, useState, type FormEvent } from "react";
import {
  CircleAlertIcon,
  KeyRoundIcon,
  MailIcon,
  MonitorSmartphoneIcon,
  ShieldCheckIcon,
  ShoppingCartIcon,
  WalletCardsIcon,
} from "lucide-react";
import { useSearchParams } from "react-router";

import { formatMoney } from "../../../../contracts/money";
import { planTitle } from "../../../../contracts/plan-catalogue";
import { textProblem } from "../../../../contracts/text-rules";
import { planDays } from "../../../../contracts/renewal-terms";
import { PublicPage } from "~/components/public/public-page";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { ordersApi } from "~/features/payments/api";
import { CheckoutDialog, type CheckoutDialogText, type CheckoutExtras } from "~/features/payments/checkout-dialog";
import { toolPaymentFailure } from "~/features/payments/use-checkout";
import { rememberToolCheckout } from "~/features/payments-return/payment-return";
import type { Plan } from "~/features/plans/api";
import { usePlans } from "~/features/plans/use-plans";
import { useTranslation, type Language } from "~/lib/i18n";
import { looksLikeEmail } from "~/lib/email-address";
import { BRAND_NAME } from "~/lib/nav";
import { useToaster } from "~/lib/toaster";
import { cn } from "~/lib/utils";

import { DeviceNote } from "./device-note";
import { PlanChoices } from "./plan-choices";
import { ToolPaymentReturn } from "./tool-payment-return";
import { SITE } from "../../../../contracts/site";

/** The tool's device keys carry this marker (contracts/licenses DEVICE_KEY_MARKER). */
const DEVICE_KEY_MARKER = "LDREEL";

type Problem = "plan" | "email" | "device" | null;


/** The spec: an address with no spaces, on one line (the server's rule too). */
export const isValidToolEmail = looksLikeEmail;

/** The `license` the tool put in the link: none, or a device key the server will take. */
export function isValidToolDeviceKey(deviceKey: string) {
  return deviceKey === "" || (deviceKey.includes(DEVICE_KEY_MARKER) && textProblem(deviceKey, "single-line") === null);
}

/** The plan's title in the page's language, from its length (contracts/plan-catalogue.ts). */
function planName(lng: Language, plan: Plan) {
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

  // The seller's price list as it is now (decision 076): the plans on sale, in their order.
  const plans = usePlans("local");
  const plan = (plans.status === "ready" ? plans.plans.find((p) => p.id === planId) : undefined) ?? null;
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
  const request = useCallback(async ({ discountCode }: CheckoutExtras) => {
    if (!planId) throw new Error("No plan chosen");
    const response = await ordersApi.toolCheckout({
      planId,
      email: trimmedEmail,
      deviceKey: deviceKey || undefined,
      variant,
      ...(discountCode ? { discountCode } : {}),
    });
    rememberToolCheckout({ email: trimmedEmail, tranId: response.order.tranId, planTitle: response.order.planTitle });
    return response;
  }, [planId, trimmedEmail, deviceKey, variant]);

  // The code is priced for the plan and this address (uses per customer, first purchase only).
  const discount = useMemo(() => ({ planId }), [planId]);
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
      payFor: (discounted) => t("confirm.pay", { price: discounted }),
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
          <PlanChoices
            plans={plans}
            name={`${id}-plan`}
            chosen={planId}
            onChoose={(chosen) => {
              setPlanId(chosen);
              if (problem === "plan") setProblem(null);
            }}
            t={t}
            lng={i18n.language}
          />
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
          discount={discount}
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
