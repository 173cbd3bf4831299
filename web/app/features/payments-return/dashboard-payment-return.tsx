import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { isBulkOrder } from "../../../../contracts/bulk-order";
import { useQueryClient } from "@tanstack/react-query";
import {
  CircleAlertIcon,
  ClockIcon,
  ExternalLinkIcon,
  Loader2Icon,
  ShieldCheckIcon,
  WalletIcon,
} from "lucide-react";
import { Link, useLocation } from "react-router";
import { toast } from "~/lib/toast";

import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { formatMoney } from "../../../../contracts/money";
import type { Order } from "~/features/payments/api";
import { itemTitle, usePaymentsCopy } from "~/features/payments/copy";
import { checkoutProviderName } from "~/features/payments/provider-name";
import { useOrder } from "~/features/payments/queries";
import { KeyText } from "~/components/key-text";
import { BalanceLinks } from "~/features/profile/api-key-card";
import { useBalance } from "~/features/profile/queries";
import { accountKeys, licenseQueryKeys, resellerKeys } from "~/lib/query-keys";
import { useMe } from "~/features/session/queries";
import { Trans } from "~/lib/i18n";
import { showToaster } from "~/lib/toaster";
import { cn } from "~/lib/utils";

import { announcePayment, openDeepLink, paymentDeepLink, takeToolCheckout, type PaidPayment } from "./payment-return";
import { PaymentSuccessDialog } from "./payment-success-dialog";
import { showStatusToast, showSuccessToast, usePaymentReturn } from "./use-payment-return";
import { paymentReturnText } from "./texts";
import { paymentOf, verifyReturn } from "./verify-return";

type Shown =
  | { kind: "success"; payment: PaidPayment; orderId: string | null; deepLink: string | null }
  | { kind: "pending"; orderId: string };

/**
 * Handles a return from paying on a dashboard page (/dashboard → /license-keys for plans and
 * top-ups; /license-history for the v2 subscription page): the success popup and toast, the
 * PAYMENT_SUCCESS message, the local transaction record, the address cleaned, then the order's
 * verified status read from the server. A pending return waits here for the provider's confirmation.
 */
export function DashboardPaymentReturn({
  source = "license_history",
  cleanTo,
  deepLink = false,
}: {
  /** Stored with the local transaction record. */
  source?: string;
  /** Where the address goes once handled (default: this page without the parameters). */
  cleanTo?: string;
  /** v2 subscription returns: also hand the payment to the mobile app (payment-success://). */
  deepLink?: boolean;
}) {
  const { t } = usePaymentsCopy();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const email = useMe().data?.email;
  const [shown, setShown] = useState<Shown | null>(null);
  const [open, setOpen] = useState(false);

  const refreshGoods = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: licenseQueryKeys.all });
    void queryClient.invalidateQueries({ queryKey: licenseQueryKeys.history });
    void queryClient.invalidateQueries({ queryKey: accountKeys.balance });
    void queryClient.invalidateQueries({ queryKey: accountKeys.apiKey });
    // A reseller's bulk order (decision 080): its licences and the order's line on the Reseller page.
    void queryClient.invalidateQueries({ queryKey: resellerKeys.all });
  }, [queryClient]);

  const celebrate = useCallback(
    (payment: PaidPayment, orderId: string | null, transactionId?: string) => {
      showSuccessToast(paymentReturnText(), payment, orderId ?? payment.planTitle);
      const tool = source === "subscription_tool" ? takeToolCheckout() : null;
      announcePayment(payment, {
        email: tool?.email ?? email,
        source,
        transactionId: transactionId ?? tool?.tranId,
      });
      const link = deepLink ? paymentDeepLink(payment) : null;
      if (link) openDeepLink(link);
      refreshGoods();
      setShown({ kind: "success", payment, orderId, deepLink: link });
      setOpen(true);
    },
    [deepLink, email, refreshGoods, source],
  );

  const waitFor = useCallback((orderId: string) => {
    setShown({ kind: "pending", orderId });
    setOpen(true);
  }, []);

  usePaymentReturn((ret, key) => {
    if (ret.type === "status") {
      if (ret.status === "pending" && ret.orderId) waitFor(ret.orderId);
      else showStatusToast(paymentReturnText(), ret.status, key);
      return;
    }
    // A success is celebrated only once the server confirms it, with the server's plan and amount.
    void verifyReturn(ret).then((verified) => {
      if (verified.state === "paid") celebrate(verified.payment, verified.orderId, verified.transactionId ?? undefined);
      else if (verified.state === "pending" && verified.orderId) waitFor(verified.orderId);
      else showStatusToast(paymentReturnText(), verified.state === "pending" ? "pending" : verified.status, key);
    });
  }, cleanTo);

  if (!shown) return null;

  if (shown.kind === "pending") {
    return (
      <PendingPaymentDialog
        orderId={shown.orderId}
        open={open}
        onOpenChange={setOpen}
        onPaid={(order) => celebrate(paymentOf(order), order.id, order.tranId)}
      />
    );
  }

  const { payment, orderId } = shown;
  return (
    <PaymentSuccessDialog
      payment={payment}
      open={open}
      onOpenChange={setOpen}
      status={orderId ? <VerifiedStatus orderId={orderId} poll={open} onPaid={refreshGoods} /> : null}
    >
      {payment.kind === "topup" ? (
        <>
          <NewBalance />
          <BalanceLinks className="justify-center" />
        </>
      ) : null}
      {shown.deepLink ? (
        <Button asChild variant="outline">
          <a href={shown.deepLink}>
            <ExternalLinkIcon aria-hidden="true" />
            {t("verified.openApp")}
          </a>
        </Button>
      ) : payment.kind === "plan" && !payment.giftEmail && pathname !== "/license-keys" && pathname !== "/reseller" ? (
        <Button asChild variant="outline">
          <Link to="/license-keys">{t("verified.viewLicenseKeys")}</Link>
        </Button>
      ) : null}
    </PaymentSuccessDialog>
  );
}

/** The order's status as the server verified it with the provider, read after the popup opens. */
function VerifiedStatus({ orderId, poll, onPaid }: { orderId: string; poll: boolean; onPaid: () => void }) {
  const { t } = usePaymentsCopy();
  const query = useOrder(orderId, { poll });
  const status = query.data?.order.status;
  const provider = query.data?.order.providerName ?? checkoutProviderName();
  const wasPending = useRef(false);

  useEffect(() => {
    if (status === "pending") wasPending.current = true;
    if (status === "paid" && wasPending.current) {
      wasPending.current = false;
      onPaid();
    }
  }, [status, onPaid]);

  if (query.isPending) {
    return (
      <StatusNote tone="neutral" icon={<Loader2Icon className="size-4 animate-spin" aria-hidden="true" />}>
        {t("verified.checking", { provider })}
      </StatusNote>
    );
  }
  if (query.isError || !query.data) {
    return (
      <StatusNote tone="warning" icon={<CircleAlertIcon className="size-4" aria-hidden="true" />}>
        {t("verified.notVerified")}
      </StatusNote>
    );
  }
  const order = query.data.order;
  if (order.status === "paid") {
    return (
      <StatusNote tone="success" icon={<ShieldCheckIcon className="size-4" aria-hidden="true" />}>
        <span className="font-medium">{t("verified.paid", { provider })}</span>{" "}
        {order.kind === "plan" && isBulkOrder(order) ? (
          // A bulk order (decision 080): every buy key in one e-mail, the licences on the Reseller page.
          t("verified.bulkEmailed", { n: order.quantity, email: order.email })
        ) : order.kind === "plan" && order.giftEmail ? (
          <Trans t={t} i18nKey="verified.giftEmailed" values={{ email: order.giftEmail }} components={{ email: <span className="break-all" translate="no" /> }} />
        ) : order.kind === "plan" && order.buyKey ? (
          <Trans
            t={t}
            i18nKey="verified.buyKeyEmailed"
            values={{ email: order.email }}
            components={{ key: <KeyText value={order.buyKey} className="font-semibold" />, email: <span className="break-all" /> }}
          />
        ) : order.kind === "topup" ? (
          t("verified.topUpAdded")
        ) : (
          t("verified.confirmationEmailed", { email: order.email })
        )}
      </StatusNote>
    );
  }
  if (order.status === "pending") {
    return (
      <StatusNote tone="warning" icon={<ClockIcon className="size-4" aria-hidden="true" />}>
        <span className="font-medium">{t("verified.stillPendingTitle")}</span> {t("verified.stillPending", { provider })}
      </StatusNote>
    );
  }
  return (
    <StatusNote tone="warning" icon={<CircleAlertIcon className="size-4" aria-hidden="true" />}>
      <Trans
        t={t}
        i18nKey="verified.reportedAs"
        values={{ provider, status: t(`verified.statuses.${order.status}`, { defaultValue: order.status }) }}
        components={{ status: <span className="font-medium" /> }}
      />
    </StatusNote>
  );
}

const TONES = {
  neutral: "border-border bg-muted/40 text-muted-foreground",
  success:
    "border-emerald-600/20 bg-emerald-50 text-emerald-800 dark:border-emerald-400/25 dark:bg-emerald-400/10 dark:text-emerald-200",
  warning:
    "border-amber-600/25 bg-amber-50 text-amber-900 dark:border-amber-400/25 dark:bg-amber-400/10 dark:text-amber-200",
} as const;

function StatusNote({
  tone,
  icon,
  children,
}: {
  tone: keyof typeof TONES;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <div
      role="status"
      data-testid="payment-verified-status"
      data-tone={tone}
      className={cn("flex gap-2.5 rounded-lg border px-3.5 py-3 text-sm leading-relaxed", TONES[tone])}
    >
      <span className="mt-0.5 shrink-0">{icon}</span>
      <p className="min-w-0">{children}</p>
    </div>
  );
}

function NewBalance() {
  const { t } = usePaymentsCopy();
  const balance = useBalance();
  const mills = balance.data?.balanceMills;
  return (
    <p className="flex items-center justify-between gap-3 rounded-lg border px-4 py-3 text-sm">
      <span className="flex items-center gap-2 text-muted-foreground">
        <WalletIcon className="size-4" aria-hidden="true" />
        {t("verified.yourBalance")}
      </span>
      <span className="font-semibold tabular-nums" data-testid="payment-new-balance">
        {mills === undefined ? "…" : formatMoney(mills)}
      </span>
    </p>
  );
}

/** A return before the provider confirmed: waits for the order to be paid (or to fail). */
function PendingPaymentDialog({
  orderId,
  open,
  onOpenChange,
  onPaid,
}: {
  orderId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPaid: (order: Order) => void;
}) {
  const { t } = usePaymentsCopy();
  // Read again every few seconds while the dialog is open (closed: the page stops asking).
  const query = useOrder(orderId, { poll: open });
  const order = query.data?.order;
  const provider = order?.providerName ?? checkoutProviderName();
  const reported = useRef(false);

  useEffect(() => {
    if (!order || reported.current) return;
    if (order.status === "paid") {
      reported.current = true;
      onPaid(order);
    } else if (order.status !== "pending") {
      reported.current = true;
      onOpenChange(false);
      showToaster();
      const { title, description } = paymentReturnText(undefined, order.providerName).status[order.status];
      (order.status === "failed" ? toast.error : toast.info)(title, { id: `payment-status-${order.id}`, description });
    }
  }, [order, onPaid, onOpenChange]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="gap-5 sm:max-w-md">
        <DialogHeader className="items-center text-center sm:text-center">
          <span className="mb-1 flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-700 ring-8 ring-amber-50 dark:bg-amber-400/15 dark:text-amber-300 dark:ring-amber-400/5">
            <ClockIcon className="size-6" aria-hidden="true" />
          </span>
          <DialogTitle className="text-xl font-semibold tracking-tight">{t("pending.title")}</DialogTitle>
          <DialogDescription>{t("pending.description", { provider })}</DialogDescription>
        </DialogHeader>
        {order ? (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg border bg-muted/40 px-4 py-3 text-sm">
            <dt className="text-muted-foreground">{t("pending.plan")}</dt>
            <dd className="text-right font-medium">{itemTitle(order)}</dd>
            <dt className="text-muted-foreground">{t("pending.amount")}</dt>
            <dd className="text-right font-semibold tabular-nums">
              {formatMoney(order.amountMills)} <span className="text-xs text-muted-foreground">{order.currency}</span>
            </dd>
          </dl>
        ) : null}
        <p role="status" className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
          {query.isError ? (
            t("pending.notFound")
          ) : (
            <>
              <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
              {t("pending.waiting", { provider })}
            </>
          )}
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" className="w-full sm:w-auto">
              {t("pending.close")}
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
