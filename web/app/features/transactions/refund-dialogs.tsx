// The refund dialogs (decision 024): a super-admin's refund of an order (all that is left, or an
// amount, with a reason) and a customer's money-back request (a reason of 10 to 1000 characters).
// The server decides; these show its answer in a toast.
import { itemTitle } from "~/features/payments/item-title";
import { useId, useState } from "react";
import { toast } from "~/lib/toast";

import { formatMoney, parseDollars } from "../../../../contracts/money";
import { TEXT_MESSAGES, textProblem } from "../../../../contracts/text-rules";
import { DialogSubmitFooter } from "~/components/dialog-submit-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { fieldMessage } from "~/components/data-table/field-message";
import { useRefundsCopy } from "~/features/transactions/refunds-copy";
import { useDates } from "~/lib/dates";
import { errorMessage } from "~/lib/errors";
import type { Order } from "~/features/payments/api";
import type { TFunction } from "~/lib/i18n";
import { cn } from "~/lib/utils";

import { REFUND_REASON_MAX, REQUEST_REASON_MAX, REQUEST_REASON_MIN } from "~/features/refunds/api";
import { useRefundOrder, useRequestRefund } from "~/features/refunds/queries";

const TEXTAREA =
  "min-h-24 w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive";

function FieldError({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <p id={id} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  ) : null;
}

/** The server's text rule for a reason (decision 034), checked before sending: its words, or null. */
function reasonTextError(reason: string): string | null {
  const problem = textProblem(reason.trim(), "multi-line");
  return problem ? TEXT_MESSAGES[problem] : null;
}

/** What the server says a refund took back (contracts/refunds.ts RefundSchema). */
interface Refund {
  amountMills: number;
  appliedAt: string | null;
  reversal: { licenceRevoked?: { buyKey: string }; licencesRevoked?: { count: number; keptAssigned: number }; daysRemoved?: { days: number }; balanceDebited?: { mills: number } };
}

/** What a refund did, in the reader's language, from what the server recorded (not its English message). */
function refundOutcome(t: TFunction, refund: Refund): string {
  if (!refund.appliedAt) return t("refundOrder.notApplied", { amount: formatMoney(refund.amountMills) });
  const { licenceRevoked: licenseRevoked, licencesRevoked: bulk, daysRemoved, balanceDebited } = refund.reversal;
  const parts = [t("refundOrder.refunded", { amount: formatMoney(refund.amountMills) })];
  if (licenseRevoked) parts.push(t("refundOrder.licenceRevoked", { buyKey: licenseRevoked.buyKey }));
  // A reseller's bulk order (decision 080): how many, in words, never a list of keys.
  if (bulk) parts.push(t("refundOrder.licencesRevoked", { count: bulk.count }));
  if (bulk?.keptAssigned) parts.push(t("refundOrder.assignedKept", { count: bulk.keptAssigned }));
  if (daysRemoved) parts.push(t("refundOrder.daysRemoved", { count: daysRemoved.days }));
  if (balanceDebited) parts.push(t("refundOrder.balanceDebited", { amount: formatMoney(balanceDebited.mills) }));
  return `${parts.join("; ")}.`;
}

export function RefundOrderDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  return (
    <Dialog open={order !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md">{order ? <RefundOrderForm order={order} onDone={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function RefundOrderForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const { t } = useRefundsCopy();
  const refund = useRefundOrder();
  const left = order.amountMills - order.refundedMills;
  const [amount, setAmount] = useState(formatMoney(left, { plain: true }));
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount: string | null; reason: string | null }>({ amount: null, reason: null });
  const amountId = useId();
  const reasonId = useId();
  // A reseller's bulk order (decision 080) takes back its unassigned licences, not "the licence".
  const quantity = order.quantity ?? 1;
  const what = order.kind === "topup" ? t("refundOrder.topUp") : quantity > 1 ? t("refundOrder.bulk", { quantity }) : t("refundOrder.licence");

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const mills = parseDollars(amount, { decimals: 2 });
    const next = {
      amount: mills === null || mills <= 0 ? t("refundOrder.amountError") : mills > left ? t("refundOrder.tooMuch", { left: formatMoney(left) }) : null,
      reason: reason.trim().length < 1 || reason.trim().length > REFUND_REASON_MAX ? t("refundOrder.reasonError") : (fieldMessage(t, reasonTextError(reason)) ?? null),
    };
    setErrors(next);
    if (next.amount || next.reason || mills === null) return;
    try {
      const result = await refund.mutateAsync({ orderId: order.id, body: { amountMills: mills === left ? undefined : mills, reason: reason.trim() } });
      // Recorded but its goods not taken back yet (decision 034): the message says the shop finishes it.
      (result.refund.appliedAt ? toast.success : toast.warning)(t("refundOrder.made"), { description: refundOutcome(t, result.refund) });
      onDone();
    } catch (error) {
      toast.error(t("refundOrder.notMade"), { description: errorMessage(error) });
      onDone();
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{t("refundOrder.title")}</DialogTitle>
        <DialogDescription>
          {t(order.refundedMills > 0 ? "refundOrder.descriptionRefunded" : "refundOrder.description", {
            email: order.email,
            plan: itemTitle(order),
            paid: formatMoney(order.amountMills),
            refunded: formatMoney(order.refundedMills),
            what,
          })}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={amountId}>{t("refundOrder.amountLabel")}</Label>
        <Input
          id={amountId}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={`${amountId}-hint${errors.amount ? ` ${amountId}-error` : ""}`}
        />
        <p id={`${amountId}-hint`} className="text-xs text-muted-foreground">
          {t("refundOrder.amountHint", { left: formatMoney(left) })}
        </p>
        <FieldError id={`${amountId}-error`} message={errors.amount} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={reasonId}>{t("refundOrder.reasonLabel")}</Label>
        <textarea
          id={reasonId}
          className={TEXTAREA}
          maxLength={REFUND_REASON_MAX}
          placeholder={t("refundOrder.reasonPlaceholder")}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
        />
        <FieldError id={`${reasonId}-error`} message={errors.reason} />
      </div>
      <DialogSubmitFooter loading={refund.isPending} loadingLabel={t("refundOrder.submitting")} variant="destructive">
        {t("refundOrder.submit")}
      </DialogSubmitFooter>
    </form>
  );
}

export function RequestRefundDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  return (
    <Dialog open={order !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md">{order ? <RequestRefundForm order={order} onDone={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function RequestRefundForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const { t } = useRefundsCopy();
  const { formatDateTime } = useDates();
  const request = useRequestRefund();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const length = reason.trim().length;
  const until = order.refundRequestUntil ? formatDateTime(order.refundRequestUntil) : null;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (length < REQUEST_REASON_MIN || length > REQUEST_REASON_MAX) {
      setError(t("request.reasonLength", { min: REQUEST_REASON_MIN, max: REQUEST_REASON_MAX }));
      return;
    }
    const textError = fieldMessage(t, reasonTextError(reason));
    if (textError) {
      setError(textError);
      return;
    }
    setError(null);
    try {
      await request.mutateAsync({ orderId: order.id, reason: reason.trim() });
      toast.success(t("request.sent"), { description: t("request.sentText") });
      onDone();
    } catch (err) {
      toast.error(t("request.failed"), { description: errorMessage(err) });
      onDone();
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{t("request.title")}</DialogTitle>
        <DialogDescription>
          {t(until ? "request.descriptionUntil" : "request.description", { plan: itemTitle(order), amount: formatMoney(order.amountMills - order.refundedMills), until })}{" "}
          {order.kind === "topup" ? t("request.topUp") : t("request.licence")}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={reasonId}>{t("request.reasonLabel")}</Label>
        <textarea
          id={reasonId}
          className={TEXTAREA}
          maxLength={REQUEST_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${reasonId}-count${error ? ` ${reasonId}-error` : ""}`}
        />
        <p id={`${reasonId}-count`} className={cn("text-xs text-muted-foreground", length > 0 && length < REQUEST_REASON_MIN && "text-amber-700")}>
          {t("request.count", { length, max: REQUEST_REASON_MAX, min: REQUEST_REASON_MIN })}
        </p>
        <FieldError id={`${reasonId}-error`} message={error} />
      </div>
      <DialogSubmitFooter loading={request.isPending} loadingLabel={t("request.submitting")}>
        {t("request.submit")}
      </DialogSubmitFooter>
    </form>
  );
}
