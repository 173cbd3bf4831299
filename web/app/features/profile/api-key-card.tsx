import { Suspense, useState } from "react";
import { CopyIcon, EyeIcon, EyeOffIcon, MailIcon, RefreshCwIcon } from "lucide-react";
import { Link } from "react-router";
import { toast } from "~/lib/toast";

import { API_KEY_LENGTH } from "../../../../contracts/api-key";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { lazyNamed, useOpenedOnce } from "~/lib/lazy-component";
import { cn } from "~/lib/utils";
import { writeClipboard } from "~/components/clipboard";
import { showErrorToast } from "~/lib/errors";
import { formatMoney } from "../../../../contracts/money";

import { errorMessage } from "~/lib/errors";
import { CardLoadError, CardLoading } from "./card-states";
import { useProfileCopy } from "./copy";
import { PaymentHistoryLink } from "./payment-history-link";
import { useRegenerateApiKey } from "./mutations";
import { useApiKey, useBalance } from "./queries";

const MASK = "•".repeat(API_KEY_LENGTH);

// The confirmation (Radix's dialog, its focus trap and scroll lock: about 11 KB) loads when
// Regenerate is first pressed, not with the page (issue #28 item 5).
const ConfirmDialog = lazyNamed(() => import("~/components/confirm-dialog"), "ConfirmDialog");

export function ApiKeyCard() {
  const { t } = useProfileCopy();
  const query = useApiKey();
  const balance = useBalance();
  const [visible, setVisible] = useState(false);
  const info = query.data;

  async function copy() {
    if (!info) return;
    if (await writeClipboard(info.apiKey)) {
      toast.success(t("apiKey.copied"), { description: t("apiKey.copiedText") });
    } else {
      toast.error(t("apiKey.copyErrorTitle"), { description: t("apiKey.copyFailed") });
    }
  }

  // The balance query refreshes every 30 s; the key's own read is the first answer.
  const balanceMills = balance.data?.balanceMills ?? info?.balanceMills;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("apiKey.title")}</h2>
        </CardTitle>
        <CardDescription>{t("apiKey.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {info ? (
          <>
            <div className="grid gap-2">
              <p className="text-sm font-medium">{t("apiKey.yours")}</p>
              <div className="flex flex-wrap items-center gap-2">
                <code
                  data-testid="api-key-value"
                  className={cn(
                    "min-w-0 flex-1 rounded-md border bg-muted/50 px-3 py-2 font-mono text-sm",
                    visible ? "break-all" : "truncate",
                  )}
                >
                  {visible ? (
                    info.apiKey
                  ) : (
                    <>
                      <span aria-hidden="true">{MASK}</span>
                      <span className="sr-only">{t("apiKey.hidden")}</span>
                    </>
                  )}
                </code>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label={visible ? t("apiKey.hide") : t("apiKey.show")}
                    aria-pressed={visible}
                    onClick={() => setVisible((v) => !v)}
                  >
                    {visible ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
                  </Button>
                  <Button variant="outline" onClick={() => void copy()}>
                    <CopyIcon aria-hidden="true" />
                    {t("apiKey.copy")}
                  </Button>
                </div>
              </div>
              {!info.isActive ? <p className="text-sm text-destructive">{t("apiKey.inactive")}</p> : null}
            </div>
            <div className="flex flex-wrap items-end justify-between gap-3">
              <dl className="grid gap-1">
                <dt className="text-sm font-medium">{t("apiKey.balance")}</dt>
                <dd data-testid="profile-balance" className="text-2xl font-semibold tabular-nums">
                  {balanceMills === undefined ? "—" : formatMoney(balanceMills)}
                </dd>
              </dl>
              <RegenerateDialog />
            </div>
            <BalanceLinks />
          </>
        ) : query.isError ? (
          <CardLoadError message={t("apiKey.loadError", { message: errorMessage(query.error) })} onRetry={() => void query.refetch()} />
        ) : (
          <CardLoading label={t("apiKey.loading")} skeletons={["h-9 w-full", "h-7 w-24"]} />
        )}
      </CardContent>
    </Card>
  );
}

function RegenerateDialog() {
  const { t } = useProfileCopy();
  const regenerate = useRegenerateApiKey();
  const [open, setOpen] = useState(false);
  const used = useOpenedOnce(open);
  // Until the dialog has loaded, a press opens it (loading it); then Radix's trigger takes over,
  // so focus comes back to this button when the dialog closes.
  const trigger = (
    <Button variant="outline" aria-haspopup="dialog" onClick={used ? undefined : () => setOpen(true)}>
      <RefreshCwIcon aria-hidden="true" />
      {t("apiKey.regenerate")}
    </Button>
  );
  if (!used) return trigger;
  return (
    <Suspense fallback={trigger}>
      <ConfirmDialog
        trigger={trigger}
        open={open}
        onOpenChange={setOpen}
        title={t("apiKey.regenerateTitle")}
        description={t("apiKey.regenerateDescription")}
        confirmLabel={t("apiKey.regenerate")}
        pendingLabel={t("apiKey.regenerating")}
        pending={regenerate.isPending}
        onConfirm={async () => {
          try {
            await regenerate.mutateAsync();
            toast.success(t("apiKey.regenerated"));
            return true;
          } catch (error) {
            showErrorToast(error, "regenerate-key");
            return false;
          }
        }}
      />
    </Suspense>
  );
}

/**
 * Where a customer's balance goes and comes from. The spec's menu shows OTP Gmail and Transactions
 * History to admins only (issue #14): customers reach them from here and from a payment's outcome.
 */
export function BalanceLinks({ className }: { className?: string }) {
  const { t } = useProfileCopy();
  return (
    <nav aria-label={t("apiKey.links")} className={cn("flex flex-wrap gap-2", className)}>
      <Button asChild variant="secondary" size="sm">
        <Link to="/otp-gmail">
          <MailIcon aria-hidden="true" />
          {t("apiKey.buyOtp")}
        </Link>
      </Button>
      <PaymentHistoryLink variant="ghost" />
    </nav>
  );
}
