import { useEffect, useState } from "react";
import { CircleAlertIcon, KeyRoundIcon, RefreshCwIcon } from "lucide-react";
import { Link, useLocation, useParams } from "react-router";

import { daysLeft } from "../../../../contracts/renewal-terms";
import { PublicPage } from "~/components/public/public-page";
import { Button } from "~/components/ui/button";
import { DateText } from "~/components/date-text";
import { EmailText } from "~/components/email-text";
import { itemTitle } from "~/features/payments/item-title";
import { errorMessage } from "~/lib/errors";
import { isApiError } from "~/lib/api";
import { registerNamespace, useTranslation, type TFunction } from "~/lib/i18n";
import { BRAND_NAME } from "~/lib/nav";
import { useToaster } from "~/lib/toaster";
import enRenewal from "~/locales/en/renewal.json";

import { renewalsApi, type Renewal } from "./api";
import { PlanCheckoutDialog } from "./plan-checkout-dialog";
import { RenewalPaid, useRenewalReturn } from "./renewal-paid";
import { hasPaymentReturn } from "~/features/payments-return/return-address";

registerNamespace("renewal", { en: enRenewal });

const nameOf = (t: TFunction, r: Renewal) => r.name.trim() || (r.planTitle ? t("plan", { plan: itemTitle(r) }) : t("yourLicence"));

function termText(t: TFunction, r: Renewal): string | null {
  if (!r.expireDate) return t("fromActivation", { count: r.termDays });
  const left = daysLeft(r.expireDate);
  return left > 0 ? t("daysLeft", { count: left }) : null;
}

type State = { status: "loading" } | { status: "ready"; renewal: Renewal } | { status: "error"; reason: "expired" | "invalid" | "other"; message: string };

/**
 * /renew/:token: an expiry reminder's one-click renewal (decision 026). The signed link names the
 * licence; the page shows its name, plan and expiry (never its buy key) and the plans of its
 * market; payment extends that licence, and the return lands on License Keys.
 */
export function RenewLinkPage() {
  useToaster();
  const { t } = useTranslation("renewal");
  const { token = "" } = useParams();
  const [state, setState] = useState<State>({ status: "loading" });
  const [open, setOpen] = useState(false);
  // Back from paying (the return lands here, #29 item 1): the checkout does not open again by itself.
  const { search } = useLocation();
  const [returned] = useState(() => hasPaymentReturn(search));
  const [reloads, setReloads] = useState(0);
  const outcome = useRenewalReturn(() => setReloads((n) => n + 1));

  useEffect(() => {
    let current = true;
    renewalsApi
      .byLink(token)
      .then((renewal) => {
        if (!current) return;
        setState({ status: "ready", renewal });
        if (renewal.renewable && !returned && reloads === 0) setOpen(true);
      })
      .catch((error: unknown) => {
        if (!current) return;
        const code = isApiError(error) ? error.code : null;
        setState({ status: "error", reason: code === "RENEW_LINK_EXPIRED" ? "expired" : code === "NOT_FOUND" ? "invalid" : "other", message: errorMessage(error) });
      });
    return () => {
      current = false;
    };
  }, [token, returned, reloads]);

  return (
    <PublicPage className="mx-auto grid w-full max-w-xl content-start gap-6 px-4 py-10 sm:py-16">
      <title>{`${t("meta.title")} | ${BRAND_NAME}`}</title>
      <h1 className="text-2xl font-semibold tracking-tight">{t("heading")}</h1>
      {outcome ? <RenewalPaid outcome={outcome} renewal={state.status === "ready" ? state.renewal : null} name={state.status === "ready" ? nameOf(t, state.renewal) : t("yourLicence")} /> : null}
      {state.status === "loading" ? (
        <p role="status" className="text-muted-foreground">
          {t("loading")}
        </p>
      ) : state.status === "error" ? (
        <div role="alert" className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
          <p className="flex items-center gap-2 font-medium">
            <CircleAlertIcon className="size-4 text-destructive" aria-hidden="true" />
            {state.reason === "other" ? state.message : t(`${state.reason}Title`)}
          </p>
          {/* The title says what is wrong; this line says what to do (not the server's sentence again, #29). */}
          {state.reason === "other" ? null : <p className="text-muted-foreground">{t(`${state.reason}Body`)}</p>}
          <Button asChild variant="outline" className="w-fit">
            <Link to="/license-keys">{t("openLicenseKeys")}</Link>
          </Button>
        </div>
      ) : (
        <RenewalSummary t={t} renewal={state.renewal} paid={outcome?.state === "paid"} onRenew={() => setOpen(true)} />
      )}
      {state.status === "ready" ? (
        <PlanCheckoutDialog
          open={open}
          onOpenChange={setOpen}
          title={t("dialog.title", { name: nameOf(t, state.renewal) })}
          description={t("dialog.description")}
          itemName={(plan) => t("dialog.item", { name: nameOf(t, state.renewal), plan })}
          plans={state.renewal.plans}
          loadEmail={() => Promise.resolve(state.renewal.email)}
          start={(planId, extras) => renewalsApi.renewByLink(token, planId, extras)}
          closeWith="receipt"
        />
      ) : null}
    </PublicPage>
  );
}

function RenewalSummary({ t, renewal, paid, onRenew }: { t: TFunction; renewal: Renewal; paid: boolean; onRenew: () => void }) {
  const summary = termText(t, renewal);
  return (
    <section aria-label={t("licence")} className="grid gap-4 rounded-xl border bg-card p-5 shadow-xs">
      <div className="flex items-start gap-3">
        <KeyRoundIcon className="mt-0.5 size-5 shrink-0 text-brand-text" aria-hidden="true" />
        <div className="grid gap-0.5">
          <p className="font-medium break-words" data-testid="renew-licence-name">
            {nameOf(t, renewal)}
          </p>
          {renewal.planTitle ? <p className="text-sm text-muted-foreground">{t("plan", { plan: itemTitle(renewal) })}</p> : null}
        </div>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">{t("expires")}</dt>
        <dd data-testid="renew-expiry">{renewal.expireDate ? <DateText iso={renewal.expireDate} /> : t("notActivated")}</dd>
        {summary ? (
          <>
            <dt className="text-muted-foreground">{t("term")}</dt>
            <dd>{summary}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">{t("owner")}</dt>
        <dd>
          <EmailText email={renewal.email} />
        </dd>
      </dl>
      {paid ? null : renewal.renewable ? (
        <Button onClick={onRenew} className="w-full sm:w-fit">
          <RefreshCwIcon aria-hidden="true" />
          {t("choose")}
        </Button>
      ) : (
        <p role="alert" className="text-sm text-destructive">
          {t("revoked")}
        </p>
      )}
    </section>
  );
}
