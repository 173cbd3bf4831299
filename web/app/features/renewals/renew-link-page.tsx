import { useEffect, useState } from "react";
import { CircleAlertIcon, KeyRoundIcon, RefreshCwIcon } from "lucide-react";
import { Link, useParams } from "react-router";

import { termSummary } from "../../../../contracts/renewals";
import { PublicPage } from "~/components/public/public-page";
import { Button } from "~/components/ui/button";
import { DateText } from "~/components/date-text";
import { errorMessage } from "~/lib/errors";
import { isApiError } from "~/lib/api";
import { useToaster } from "~/lib/toaster";

import { renewalsApi, type Renewal } from "./api";
import { PlanCheckoutDialog } from "./plan-checkout-dialog";
import { licenceLabel } from "./renew-dialog";

type State = { status: "loading" } | { status: "ready"; renewal: Renewal } | { status: "error"; expired: boolean; message: string };

/**
 * /renew/:token: an expiry reminder's one-click renewal (decision 026). The signed link names the
 * licence; the page shows its name, plan and expiry (never its buy key) and the plans of its
 * market; payment extends that licence, and the return lands on License Keys.
 */
export function RenewLinkPage() {
  useToaster();
  const { token = "" } = useParams();
  const [state, setState] = useState<State>({ status: "loading" });
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let current = true;
    renewalsApi
      .byLink(token)
      .then((renewal) => {
        if (!current) return;
        setState({ status: "ready", renewal });
        if (renewal.renewable) setOpen(true);
      })
      .catch((error: unknown) => {
        if (current) setState({ status: "error", expired: isApiError(error) && error.code === "RENEW_LINK_EXPIRED", message: errorMessage(error) });
      });
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <PublicPage className="mx-auto grid w-full max-w-xl content-start gap-6 px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-semibold tracking-tight">Renew your licence</h1>
      {state.status === "loading" ? (
        <p role="status" className="text-muted-foreground">
          Loading your licence…
        </p>
      ) : state.status === "error" ? (
        <div role="alert" className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
          <p className="flex items-center gap-2 font-medium">
            <CircleAlertIcon className="size-4 text-destructive" aria-hidden="true" />
            {state.expired ? "This renewal link has expired." : "This renewal link is not valid."}
          </p>
          <p className="text-muted-foreground">{state.expired ? "Sign in and renew the licence from License Keys." : state.message}</p>
          <Button asChild variant="outline" className="w-fit">
            <Link to="/license-keys">Open License Keys</Link>
          </Button>
        </div>
      ) : (
        <RenewalSummary renewal={state.renewal} onRenew={() => setOpen(true)} />
      )}
      {state.status === "ready" ? (
        <PlanCheckoutDialog
          open={open}
          onOpenChange={setOpen}
          title={`Renew ${licenceLabel(state.renewal)}`}
          description="The days you buy are added to this licence's current expiry (or to today if it has passed). It stays on the same device."
          itemPrefix={`Renew ${licenceLabel(state.renewal)}`}
          plans={state.renewal.plans}
          loadEmail={() => Promise.resolve(state.renewal.email)}
          start={(planId) => renewalsApi.renewByLink(token, planId)}
        />
      ) : null}
    </PublicPage>
  );
}

function RenewalSummary({ renewal, onRenew }: { renewal: Renewal; onRenew: () => void }) {
  const summary = termSummary(renewal);
  return (
    <section aria-label="Licence" className="grid gap-4 rounded-xl border bg-card p-5 shadow-xs">
      <div className="flex items-start gap-3">
        <KeyRoundIcon className="mt-0.5 size-5 shrink-0 text-brand-text" aria-hidden="true" />
        <div className="grid gap-0.5">
          <p className="font-medium break-words" data-testid="renew-licence-name">
            {licenceLabel(renewal)}
          </p>
          {renewal.planTitle ? <p className="text-sm text-muted-foreground">{renewal.planTitle} plan</p> : null}
        </div>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Expires</dt>
        <dd data-testid="renew-expiry">{renewal.expireDate ? <DateText iso={renewal.expireDate} /> : "Not activated yet"}</dd>
        {summary ? (
          <>
            <dt className="text-muted-foreground">Term</dt>
            <dd>{summary}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Owner</dt>
        <dd className="break-all">{renewal.email}</dd>
      </dl>
      {renewal.renewable ? (
        <Button onClick={onRenew} className="w-full sm:w-fit">
          <RefreshCwIcon aria-hidden="true" />
          Choose a plan and pay
        </Button>
      ) : (
        <p role="alert" className="text-sm text-destructive">
          This licence was revoked and cannot be renewed.
        </p>
      )}
    </section>
  );
}
