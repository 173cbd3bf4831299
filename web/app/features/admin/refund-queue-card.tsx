// The Overview's money-back queue (decision 024): open requests, oldest first, with the order and
// the customer's reason; super-admins approve (the refund is made through the payment provider) or decline with
// a note. Below it, refunds made at the payment provider that could not take back all of a top-up.
import { useId, useState } from "react";
import { toast } from "~/lib/toast";

import { DialogSubmitFooter } from "~/components/dialog-submit-footer";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Skeleton } from "~/components/ui/skeleton";
import { WrittenText } from "~/components/written-text";
import { Trans } from "~/lib/i18n";
import { errorMessage } from "~/lib/errors";
import { useDates } from "~/lib/dates";
import { formatMoney } from "../../../../contracts/money";
import { useMe } from "~/features/session/queries";
import { adminText, useAdminCopy } from "~/features/admin/copy";
import { itemTitle } from "~/features/payments/item-title";

import type { AdminRefundRequest } from "~/features/refunds/api";
import { useDecideRefundRequest, useRefundQueue } from "~/features/refunds/queries";

type Decision = { request: AdminRefundRequest; decision: "approve" | "decline" };

/** Its words are the admin namespace's (admin:refunds.*): the card shows on the Overview only. */
export function RefundQueueCard() {
  const { t } = useAdminCopy();
  const { formatDateTime } = useDates();
  const query = useRefundQueue();
  const superAdmin = useMe().data?.superAdmin === true;
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const data = query.data;

  return (
    <Card data-testid="refund-queue">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {t("refunds.title")}
          {data ? (
            <Badge variant="secondary" className="rounded-full tabular-nums" data-testid="refund-queue-count">
              {data.requests.length}
            </Badge>
          ) : null}
        </CardTitle>
        <CardDescription>
          {t("refunds.description", { days: data?.windowDays ?? "…" })} {t(superAdmin ? "refunds.approverNote" : "refunds.viewerNote")}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!data ? (
          query.isError ? (
            <p className="text-sm text-destructive">{errorMessage(query.error)}</p>
          ) : (
            <Skeleton className="h-16 w-full" />
          )
        ) : data.requests.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("refunds.empty")}</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label={t("refunds.listLabel")}>
            {data.requests.map((request) => (
              <li key={request.id} className="grid gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start" data-testid="refund-request">
                <div className="grid min-w-0 gap-1 text-sm">
                  <span className="font-medium break-all">{request.order.email}</span>
                  <span>
                    {t("refunds.paid", {
                      plan: itemTitle(request.order),
                      amount: formatMoney(request.order.amountMills - request.order.refundedMills),
                      date: formatDateTime(request.order.paidAt),
                    })}
                  </span>
                  <span className="text-muted-foreground">
                    {/* The customer's own words: their own element, never translated (WrittenText). */}
                    <Trans
                      t={t}
                      i18nKey="refunds.asked"
                      values={{ date: formatDateTime(request.createdAt), reason: request.reason }}
                      components={{ reason: <WrittenText className="break-words" /> }}
                    />
                  </span>
                </div>
                {superAdmin ? (
                  <div className="flex gap-2">
                    <Button size="sm" onClick={() => setDeciding({ request, decision: "approve" })} aria-label={t("refunds.approveLabel", { email: request.order.email })}>
                      {t("refunds.approve")}
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setDeciding({ request, decision: "decline" })} aria-label={t("refunds.declineLabel", { email: request.order.email })}>
                      {t("refunds.decline")}
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {data && data.shortfalls.length > 0 ? (
          <div className="grid gap-2" data-testid="refund-shortfalls">
            <h3 className="text-sm font-medium">{t("refunds.shortfallsTitle")}</h3>
            <ul className="grid gap-1 text-sm">
              {data.shortfalls.map((s) => (
                <li key={s.refundId}>
                  {t("refunds.shortfall", {
                    email: s.email,
                    amount: formatMoney(s.amountMills),
                    tranId: s.tranId,
                    shortfall: formatMoney(s.shortfallMills),
                    date: formatDateTime(s.createdAt),
                  })}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
      <DecideDialog deciding={deciding} onClose={() => setDeciding(null)} />
    </Card>
  );
}

function DecideDialog({ deciding, onClose }: { deciding: Decision | null; onClose: () => void }) {
  return (
    <Dialog open={deciding !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md">{deciding ? <DecideForm deciding={deciding} onDone={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function DecideForm({ deciding, onDone }: { deciding: Decision; onDone: () => void }) {
  const { t } = useAdminCopy();
  const decide = useDecideRefundRequest();
  const [note, setNote] = useState("");
  const noteId = useId();
  const { request, decision } = deciding;
  const approve = decision === "approve";
  const amount = formatMoney(request.order.amountMills - request.order.refundedMills);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    try {
      const result = await decide.mutateAsync({ requestId: request.id, decision, note: note.trim() });
      (result.refund && !result.refund.appliedAt ? toast.warning : toast.success)(adminText(approve ? "refunds.approved" : "refunds.declined"), { description: result.message });
    } catch (error) {
      toast.error(adminText(approve ? "refunds.approveFailed" : "refunds.declineFailed"), { description: errorMessage(error) });
    }
    onDone();
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{approve ? t("refunds.approveTitle", { amount, email: request.order.email }) : t("refunds.declineTitle")}</DialogTitle>
        <DialogDescription>
          {approve
            ? t(request.order.kind === "topup" ? "refunds.approveTopUp" : "refunds.approveLicence", { plan: itemTitle(request.order) })
            : t("refunds.declineText")}{" "}
          {t("refunds.toldByEmail")}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={noteId}>{t(approve ? "refunds.noteApprove" : "refunds.noteDecline")}</Label>
        <Input id={noteId} autoComplete="off" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <DialogSubmitFooter loading={decide.isPending} loadingLabel={t(approve ? "refunds.refunding" : "refunds.declining")} variant={approve ? "default" : "destructive"}>
        {t(approve ? "refunds.approveSubmit" : "refunds.decline")}
      </DialogSubmitFooter>
    </form>
  );
}
