// The customer's page below the licences: orders, balance and ledger, OTP orders, licence
// history and the audit trail. Each a table on desktop and a card list on phones.
import { useState, type ReactNode } from "react";
import { HistoryIcon, MailIcon, ReceiptTextIcon, RotateCcwIcon, ScrollTextIcon, WalletIcon } from "lucide-react";

import { Button } from "~/components/ui/button";
import { TableCell, TableRow } from "~/components/ui/table";
import { OrderStatusBadge } from "~/features/admin/order-status-badge";
import { formatDateTime } from "~/lib/dates";
import { KeyText } from "~/features/licenses/key-text";
import { OtpStatusBadge } from "~/features/otp-mail/otp-status-badge";
import { cn } from "~/lib/utils";

import type { AuditEntry } from "../api";
import { formatBalance, formatPrice } from "../../../../../contracts/money";
import { PAYMENT_PROVIDER_NAME } from "~/features/payments/providers";
import { RefundOrderDialog } from "~/features/refunds/refund-dialogs";
import { useMe } from "~/features/session/queries";

import type { CustomerOrder, CustomerView, LedgerEntry } from "./api";
import { auditText } from "./audit-text";
import { CardField, CardFields, ResponsiveList, SectionCard } from "./section-card";

const FIRST = "pl-4 sm:pl-6";
const LAST = "pr-4 sm:pr-6";
const Muted = ({ children }: { children: ReactNode }) => <span className="text-muted-foreground">{children}</span>;
const When = ({ iso }: { iso: string }) => (
  <time dateTime={iso} className="whitespace-nowrap">
    {formatDateTime(iso)}
  </time>
);

// ---- Orders ----------------------------------------------------------------------------------

function OrderAmount({ order }: { order: CustomerOrder }) {
  return (
    <span className="tabular-nums">
      {formatPrice(order.amountMills)}
      {order.refundedMills > 0 ? <span className="block text-xs text-muted-foreground">refunded {formatPrice(order.refundedMills)}</span> : null}
    </span>
  );
}

/** The payment provider's references: our tran_id and, once paid, its approval code. */
function References({ order }: { order: CustomerOrder }) {
  return (
    <span className="grid gap-0.5">
      <KeyText value={order.tranId} />
      {order.providerRef ? <span className="text-xs text-muted-foreground">apv {order.providerRef}</span> : null}
    </span>
  );
}

/** What is left to refund of a paid order (super-admins refund; the server decides). */
const refundable = (o: CustomerOrder) => o.status === "paid" && o.refundedMills < o.amountMills;

function RefundButton({ order, onRefund, className }: { order: CustomerOrder; onRefund: (o: CustomerOrder) => void; className?: string }) {
  return (
    <Button variant="outline" size="sm" className={className} onClick={() => onRefund(order)} aria-label={`Refund ${order.planTitle} (${order.tranId})`}>
      <RotateCcwIcon aria-hidden="true" />
      Refund
    </Button>
  );
}

export function OrdersSection({ orders }: { orders: CustomerView["orders"] }) {
  // Refunds move money: super-admins only (the server refuses anyone else).
  const canRefund = useMe().data?.superAdmin === true;
  const [refunding, setRefunding] = useState<CustomerOrder | null>(null);
  return (
    <SectionCard id="orders" title="Orders" count={orders.total} shown={orders.items.length}>
      <RefundOrderDialog order={refunding} onClose={() => setRefunding(null)} />
      <ResponsiveList
        rows={orders.items}
        empty={{ icon: ReceiptTextIcon, title: "No orders" }}
        columns={["Date", "Plan", "Amount", "Status", `${PAYMENT_PROVIDER_NAME} tran_id`, "Buy key / device", ...(canRefund ? [{ label: "Actions", className: "text-right" }] : [])]}
        caption={`Every order of the customer, newest first, with its status and ${PAYMENT_PROVIDER_NAME} references.`}
        tableClassName="min-w-[52rem]"
        cardsLabel="Orders"
        renderRow={(o) => (
          <TableRow key={o.id}>
            <TableCell className={cn(FIRST, "text-muted-foreground")}>
              <When iso={o.createdAt} />
            </TableCell>
            <TableCell>
              {o.planTitle}
              {o.kind === "tool" ? <span className="block text-xs text-muted-foreground">subscription tool</span> : null}
            </TableCell>
            <TableCell>
              <OrderAmount order={o} />
            </TableCell>
            <TableCell>
              <OrderStatusBadge status={o.status} />
            </TableCell>
            <TableCell>
              <References order={o} />
            </TableCell>
            <TableCell className={canRefund ? undefined : LAST}>{o.buyKey ? <KeyText value={o.buyKey} /> : o.deviceKey ? <KeyText value={o.deviceKey} /> : <Muted>—</Muted>}</TableCell>
            {canRefund ? <TableCell className={cn(LAST, "text-right")}>{refundable(o) ? <RefundButton order={o} onRefund={setRefunding} /> : null}</TableCell> : null}
          </TableRow>
        )}
        renderCard={(o) => (
          <li key={o.id} className="grid gap-3 px-4 py-4">
            <div className="flex items-start justify-between gap-3">
              <div className="grid gap-0.5">
                <span className="font-medium">{o.planTitle}</span>
                <span className="text-xs text-muted-foreground">{formatDateTime(o.createdAt)}</span>
              </div>
              <OrderStatusBadge status={o.status} />
            </div>
            <CardFields>
              <CardField term="Amount">
                <OrderAmount order={o} />
              </CardField>
              <CardField term="tran_id">
                <References order={o} />
              </CardField>
              {o.buyKey || o.deviceKey ? (
                <CardField term={o.buyKey ? "Buy key" : "Device key"}>
                  <KeyText value={(o.buyKey ?? o.deviceKey)!} />
                </CardField>
              ) : null}
            </CardFields>
            {canRefund && refundable(o) ? <RefundButton order={o} onRefund={setRefunding} className="justify-self-start" /> : null}
          </li>
        )}
      />
    </SectionCard>
  );
}

// ---- Balance and ledger ----------------------------------------------------------------------

const REASONS: Record<string, string> = { topup: "Top-up", otp_purchase: "OTP purchase", otp_refund: "OTP refund", admin_adjustment: "Admin adjustment" };

function Delta({ entry }: { entry: LedgerEntry }) {
  const positive = entry.deltaMills >= 0;
  const abs = Math.abs(entry.deltaMills);
  return (
    <span className={cn("font-medium whitespace-nowrap tabular-nums", positive ? "text-emerald-700 dark:text-emerald-400" : "text-foreground")}>
      {positive ? "+" : "−"}
      {formatBalance(abs)}
    </span>
  );
}

function LedgerNote({ entry }: { entry: LedgerEntry }) {
  const parts = [entry.note, entry.actorEmail ? `by ${entry.actorEmail}` : null].filter(Boolean);
  return parts.length ? <span className="break-words">{parts.join(" · ")}</span> : <Muted>—</Muted>;
}

export function BalanceSection({ balance }: { balance: CustomerView["balance"] }) {
  const key = balance.apiKey;
  return (
    <SectionCard id="balance" title="Balance and ledger" count={balance.ledger.total} shown={balance.ledger.items.length}>
      <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1 border-b px-4 py-3 text-sm sm:px-6">
        {key ? (
          <>
            <span>
              <span className="text-muted-foreground">Balance </span>
              <span className="text-lg font-semibold tabular-nums" data-testid="customer-balance">
                {formatBalance(key.balanceMills)}
              </span>
            </span>
            <span>
              <span className="text-muted-foreground">API key </span>
              <code className="font-mono text-xs">…{key.keyEnd}</code>
              {key.isActive ? null : <span className="ml-1 text-xs text-muted-foreground">(inactive)</span>}
            </span>
          </>
        ) : (
          <span className="text-muted-foreground">No API key, no balance.</span>
        )}
      </div>
      <ResponsiveList
        rows={balance.ledger.items}
        empty={{ icon: WalletIcon, title: "No balance changes" }}
        columns={["Date", "Change", "Balance after", "Reason", "Note"]}
        caption="The ledger of the customer's balance, newest first."
        tableClassName="min-w-[44rem]"
        cardsLabel="Ledger"
        renderRow={(e) => (
          <TableRow key={e.id}>
            <TableCell className={cn(FIRST, "text-muted-foreground")}>
              <When iso={e.createdAt} />
            </TableCell>
            <TableCell>
              <Delta entry={e} />
            </TableCell>
            <TableCell className="tabular-nums">{formatBalance(e.balanceAfterMills)}</TableCell>
            <TableCell>{REASONS[e.reason] ?? e.reason}</TableCell>
            <TableCell className={cn(LAST, "max-w-[18rem] text-muted-foreground")}>
              <LedgerNote entry={e} />
            </TableCell>
          </TableRow>
        )}
        renderCard={(e) => (
          <li key={e.id} className="grid gap-1 px-4 py-3 text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <span>{REASONS[e.reason] ?? e.reason}</span>
              <Delta entry={e} />
            </div>
            <div className="flex items-baseline justify-between gap-3 text-xs text-muted-foreground">
              <span>{formatDateTime(e.createdAt)}</span>
              <span className="tabular-nums">→ {formatBalance(e.balanceAfterMills)}</span>
            </div>
            {e.note || e.actorEmail ? (
              <p className="text-xs text-muted-foreground">
                <LedgerNote entry={e} />
              </p>
            ) : null}
          </li>
        )}
      />
    </SectionCard>
  );
}

// ---- OTP orders ------------------------------------------------------------------------------

export function OtpOrdersSection({ otpOrders }: { otpOrders: CustomerView["otpOrders"] }) {
  return (
    <SectionCard id="otp-orders" title="OTP orders" count={otpOrders.total} shown={otpOrders.items.length}>
      <ResponsiveList
        rows={otpOrders.items}
        empty={{ icon: MailIcon, title: "No OTP orders" }}
        columns={["Date", "Mail", "Price", "OTP", "Status"]}
        caption="The customer's OTP mail orders, newest first."
        tableClassName="min-w-[44rem]"
        cardsLabel="OTP orders"
        renderRow={(o) => (
          <TableRow key={o.id}>
            <TableCell className={cn(FIRST, "text-muted-foreground")}>
              <When iso={o.createdAt} />
            </TableCell>
            <TableCell className="break-all">{o.address ?? <Muted>—</Muted>}</TableCell>
            <TableCell className="tabular-nums">{formatBalance(o.priceMills)}</TableCell>
            <TableCell className="font-mono text-xs">{o.latestCode ?? <Muted>—</Muted>}</TableCell>
            <TableCell className={LAST}>
              <OtpStatusBadge status={o.status} reason={o.failureReason} />
            </TableCell>
          </TableRow>
        )}
        renderCard={(o) => (
          <li key={o.id} className="grid gap-2 px-4 py-3 text-sm">
            <div className="flex items-start justify-between gap-3">
              <span className="min-w-0 font-medium break-all">{o.address ?? "—"}</span>
              <OtpStatusBadge status={o.status} reason={o.failureReason} />
            </div>
            <div className="flex flex-wrap justify-between gap-x-3 text-xs text-muted-foreground">
              <span>{formatDateTime(o.createdAt)}</span>
              <span className="tabular-nums">
                {formatBalance(o.priceMills)}
                {o.latestCode ? ` · OTP ${o.latestCode}` : ""}
              </span>
            </div>
          </li>
        )}
      />
    </SectionCard>
  );
}

// ---- Licence history -------------------------------------------------------------------------

export function HistorySection({ history }: { history: CustomerView["history"] }) {
  return (
    <SectionCard id="history" title="Licence history" count={history.total} shown={history.items.length}>
      <ResponsiveList
        rows={history.items}
        empty={{ icon: HistoryIcon, title: "No history" }}
        columns={["Date", "Changed By", "Buy Key", "Old License", "New License", "Notes"]}
        caption="Device key changes of the customer's licences, newest first."
        tableClassName="min-w-[60rem]"
        cardsLabel="Licence history"
        renderRow={(h) => (
          <TableRow key={h.id}>
            <TableCell className={cn(FIRST, "text-muted-foreground")}>
              <When iso={h.changeDate} />
            </TableCell>
            <TableCell className="break-all">{h.changedBy ?? <Muted>—</Muted>}</TableCell>
            <TableCell>
              <KeyText value={h.buykey} />
            </TableCell>
            <TableCell>{h.oldDeviceKey ? <KeyText value={h.oldDeviceKey} /> : <Muted>—</Muted>}</TableCell>
            <TableCell>{h.newDeviceKey ? <KeyText value={h.newDeviceKey} /> : <Muted>—</Muted>}</TableCell>
            <TableCell className={cn(LAST, "max-w-[16rem] text-muted-foreground")}>{h.notes ?? "—"}</TableCell>
          </TableRow>
        )}
        renderCard={(h) => (
          <li key={h.id} className="grid gap-2 px-4 py-3 text-sm">
            <div className="flex justify-between gap-3 text-xs text-muted-foreground">
              <span>{formatDateTime(h.changeDate)}</span>
              <span className="min-w-0 truncate">{h.changedBy}</span>
            </div>
            <CardFields>
              <CardField term="Buy key">
                <KeyText value={h.buykey} />
              </CardField>
              <CardField term="Old">{h.oldDeviceKey ? <KeyText value={h.oldDeviceKey} /> : <Muted>—</Muted>}</CardField>
              <CardField term="New">{h.newDeviceKey ? <KeyText value={h.newDeviceKey} /> : <Muted>—</Muted>}</CardField>
              {h.notes ? <CardField term="Notes">{h.notes}</CardField> : null}
            </CardFields>
          </li>
        )}
      />
    </SectionCard>
  );
}

// ---- Audit trail -----------------------------------------------------------------------------

function Target({ entry }: { entry: AuditEntry }) {
  const label = { licence: "Licence", order: "Order", user: "Account", api_key: "API key", customer: "Customer" }[entry.targetType] ?? entry.targetType;
  return <span className="text-xs text-muted-foreground">{label}</span>;
}

export function AuditSection({ audit }: { audit: CustomerView["audit"] }) {
  return (
    <SectionCard id="audit" title="Audit trail" count={audit.total} shown={audit.items.length}>
      <ResponsiveList
        rows={audit.items}
        empty={{ icon: ScrollTextIcon, title: "Nothing recorded", body: <p>What admins do to this customer appears here.</p> }}
        columns={["When", "Who", "What", "Reason"]}
        caption="What admins (and the abuse check) did to this customer's account, API key, licences and orders, newest first."
        tableClassName="min-w-[48rem]"
        cardsLabel="Audit trail"
        renderRow={(a) => (
          <TableRow key={a.id} data-testid="audit-row">
            <TableCell className={cn(FIRST, "text-muted-foreground")}>
              <When iso={a.createdAt} />
            </TableCell>
            <TableCell className="break-all">{a.actorEmail ?? <Muted>—</Muted>}</TableCell>
            <TableCell>
              <span className="grid gap-0.5">
                <span>{auditText(a)}</span>
                <Target entry={a} />
              </span>
            </TableCell>
            <TableCell className={cn(LAST, "max-w-[20rem] break-words text-muted-foreground")}>{a.note ?? "—"}</TableCell>
          </TableRow>
        )}
        renderCard={(a) => (
          <li key={a.id} className="grid gap-1 px-4 py-3 text-sm" data-testid="audit-row">
            <span className="font-medium">{auditText(a)}</span>
            <span className="text-xs break-all text-muted-foreground">
              {formatDateTime(a.createdAt)} · {a.actorEmail ?? "—"}
            </span>
            {a.note ? <p className="break-words text-muted-foreground">“{a.note}”</p> : null}
          </li>
        )}
      />
    </SectionCard>
  );
}

