// The customer's page below the licences: orders, balance and ledger, OTP orders, licence
// history and the audit trail. Each a table on desktop and a card list on phones.
import { useState, type ReactNode } from "react";
import { HistoryIcon, MailIcon, ReceiptTextIcon, RotateCcwIcon, ScrollTextIcon, WalletIcon } from "lucide-react";

import { Button } from "~/components/ui/button";
import { TableCell, TableRow } from "~/components/ui/table";
import { useDates } from "~/lib/dates";
import { KeyText } from "~/components/key-text";
import { WrittenText } from "~/components/written-text";
import { GiftNote } from "./gift-note";
import { OrderAmount } from "./order-amount";
import { OtpStatusBadge } from "~/features/otp-mail/otp-status-badge";
import { cn } from "~/lib/utils";

import type { AuditEntry } from "../api";
import { formatMoney } from "../../../../../contracts/money";
import { itemTitle } from "~/features/payments/item-title";
import { checkoutProviderName, providerNamesOf } from "~/features/payments/provider-name";
import { RefundOrderDialog } from "~/features/transactions/refund-dialogs";
import { useMe } from "~/features/session/queries";
import { TransactionStatusBadge } from "~/features/transactions/transaction-status-badge";

import type { CustomerOrder, CustomerView, LedgerEntry } from "./api";
import { auditText } from "./audit-text";
import { changedByText } from "~/features/licenses/copy";
import { historyNote, useAdminCustomerCopy } from "./copy";
import { CardField, CardFields, ResponsiveList, SectionCard } from "./section-card";

const FIRST = "pl-4 sm:pl-6";
const LAST = "pr-4 sm:pr-6";
const Muted = ({ children }: { children: ReactNode }) => <span className="text-muted-foreground">{children}</span>;
function When({ iso }: { iso: string }) {
  const { formatDateTime } = useDates();
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {formatDateTime(iso)}
    </time>
  );
}

// ---- Orders ----------------------------------------------------------------------------------

/** The payment provider's references: our tran_id and, once paid, its approval code. */
function References({ order }: { order: CustomerOrder }) {
  const { t } = useAdminCustomerCopy();
  return (
    <span className="grid gap-0.5">
      <KeyText value={order.tranId} />
      {order.providerRef ? <span className="text-xs text-muted-foreground">{t("orders.approval", { code: order.providerRef })}</span> : null}
    </span>
  );
}

/** What is left to refund of a paid order (super-admins refund; the server decides). */
const refundable = (o: CustomerOrder) => o.status === "paid" && o.refundedMills < o.amountMills;

function RefundButton({ order, onRefund, className }: { order: CustomerOrder; onRefund: (o: CustomerOrder) => void; className?: string }) {
  const { t } = useAdminCustomerCopy();
  return (
    <Button variant="outline" size="sm" className={className} onClick={() => onRefund(order)} aria-label={t("orders.refundLabel", { plan: itemTitle(order), id: order.tranId })}>
      <RotateCcwIcon aria-hidden="true" />
      {t("orders.refund")}
    </Button>
  );
}

export function OrdersSection({ orders }: { orders: CustomerView["orders"] }) {
  // The references are those of the providers that took these orders (each order names its own).
  const provider = providerNamesOf(orders.items, checkoutProviderName());
  const { t } = useAdminCustomerCopy();
  const { formatDateTime } = useDates();
  // Refunds move money: super-admins only (the server refuses anyone else).
  const canRefund = useMe().data?.superAdmin === true;
  const [refunding, setRefunding] = useState<CustomerOrder | null>(null);
  return (
    <SectionCard id="orders" title={t("orders.title")} count={orders.total} shown={orders.items.length}>
      <RefundOrderDialog order={refunding} onClose={() => setRefunding(null)} />
      <ResponsiveList
        rows={orders.items}
        empty={{ icon: ReceiptTextIcon, title: t("orders.empty") }}
        columns={[
          t("orders.columns.date"),
          t("orders.columns.plan"),
          t("orders.columns.amount"),
          t("orders.columns.status"),
          t("orders.columns.tranId", { provider }),
          t("orders.columns.key"),
          ...(canRefund ? [{ label: t("orders.columns.actions"), className: "text-right" }] : []),
        ]}
        caption={t("orders.caption", { provider })}
        tableClassName="min-w-[52rem]"
        cardsLabel={t("orders.title")}
        renderRow={(o) => (
          <TableRow key={o.id}>
            <TableCell className={cn(FIRST, "text-muted-foreground")}>
              <When iso={o.createdAt} />
            </TableCell>
            <TableCell>
              {itemTitle(o)}
              {o.kind === "tool" ? <span className="block text-xs text-muted-foreground">{t("orders.tool")}</span> : null}
              <GiftNote order={o} />
            </TableCell>
            <TableCell>
              <OrderAmount order={o} />
            </TableCell>
            <TableCell>
              <TransactionStatusBadge status={o.status} />
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
                <span className="font-medium">{itemTitle(o)}</span>
                <GiftNote order={o} />
                <span className="text-xs text-muted-foreground">{formatDateTime(o.createdAt)}</span>
              </div>
              <TransactionStatusBadge status={o.status} />
            </div>
            <CardFields>
              <CardField term={t("orders.amount")}>
                <OrderAmount order={o} />
              </CardField>
              <CardField term={t("orders.tranId")}>
                <References order={o} />
              </CardField>
              {o.buyKey || o.deviceKey ? (
                <CardField term={o.buyKey ? t("orders.buyKey") : t("orders.deviceKey")}>
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


function Delta({ entry }: { entry: LedgerEntry }) {
  const positive = entry.deltaMills >= 0;
  const abs = Math.abs(entry.deltaMills);
  return (
    <span className={cn("font-medium whitespace-nowrap tabular-nums", positive ? "text-emerald-700 dark:text-emerald-400" : "text-foreground")}>
      {positive ? "+" : "−"}
      {formatMoney(abs)}
    </span>
  );
}

function LedgerNote({ entry }: { entry: LedgerEntry }) {
  const { t } = useAdminCustomerCopy();
  const by = entry.actorEmail ? t("balance.by", { email: entry.actorEmail }) : null;
  if (!entry.note && !by) return <Muted>—</Muted>;
  // The admin's note is what they wrote (WrittenText), apart from the translated "by …".
  const note = entry.note ? <WrittenText>{entry.note}</WrittenText> : null;
  return <span className="break-words">{note}{note && by ? " · " : null}{by}</span>;
}

export function BalanceSection({ balance }: { balance: CustomerView["balance"] }) {
  const { t } = useAdminCustomerCopy();
  const { formatDateTime } = useDates();
  const reason = (e: LedgerEntry) => t(`balance.reasons.${e.reason}`, { defaultValue: e.reason });
  const key = balance.apiKey;
  return (
    <SectionCard id="balance" title={t("balance.title")} count={balance.ledger.total} shown={balance.ledger.items.length}>
      <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1 border-b px-4 py-3 text-sm sm:px-6">
        {key ? (
          <>
            <span>
              <span className="text-muted-foreground">{t("balance.balance")} </span>
              <span className="text-lg font-semibold tabular-nums" data-testid="customer-balance">
                {formatMoney(key.balanceMills)}
              </span>
            </span>
            <span>
              <span className="text-muted-foreground">{t("balance.apiKey")} </span>
              <code className="font-mono text-xs">…{key.keyEnd}</code>
              {key.isActive ? null : <span className="ml-1 text-xs text-muted-foreground">{t("balance.inactive")}</span>}
            </span>
          </>
        ) : (
          <span className="text-muted-foreground">{t("balance.none")}</span>
        )}
      </div>
      <ResponsiveList
        rows={balance.ledger.items}
        empty={{ icon: WalletIcon, title: t("balance.empty") }}
        columns={[t("balance.columns.date"), t("balance.columns.change"), t("balance.columns.after"), t("balance.columns.reason"), t("balance.columns.note")]}
        caption={t("balance.caption")}
        tableClassName="min-w-[44rem]"
        cardsLabel={t("balance.cardsLabel")}
        renderRow={(e) => (
          <TableRow key={e.id}>
            <TableCell className={cn(FIRST, "text-muted-foreground")}>
              <When iso={e.createdAt} />
            </TableCell>
            <TableCell>
              <Delta entry={e} />
            </TableCell>
            <TableCell className="tabular-nums">{formatMoney(e.balanceAfterMills)}</TableCell>
            <TableCell>{reason(e)}</TableCell>
            <TableCell className={cn(LAST, "max-w-[18rem] text-muted-foreground")}>
              <LedgerNote entry={e} />
            </TableCell>
          </TableRow>
        )}
        renderCard={(e) => (
          <li key={e.id} className="grid gap-1 px-4 py-3 text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <span>{reason(e)}</span>
              <Delta entry={e} />
            </div>
            <div className="flex items-baseline justify-between gap-3 text-xs text-muted-foreground">
              <span>{formatDateTime(e.createdAt)}</span>
              <span className="tabular-nums">→ {formatMoney(e.balanceAfterMills)}</span>
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
  const { t } = useAdminCustomerCopy();
  const { formatDateTime } = useDates();
  return (
    <SectionCard id="otp-orders" title={t("otp.title")} count={otpOrders.total} shown={otpOrders.items.length}>
      <ResponsiveList
        rows={otpOrders.items}
        empty={{ icon: MailIcon, title: t("otp.empty") }}
        columns={[t("otp.columns.date"), t("otp.columns.mail"), t("otp.columns.price"), t("otp.columns.otp"), t("otp.columns.status")]}
        caption={t("otp.caption")}
        tableClassName="min-w-[44rem]"
        cardsLabel={t("otp.title")}
        renderRow={(o) => (
          <TableRow key={o.id}>
            <TableCell className={cn(FIRST, "text-muted-foreground")}>
              <When iso={o.createdAt} />
            </TableCell>
            <TableCell className="break-all">{o.address ?? <Muted>—</Muted>}</TableCell>
            <TableCell className="tabular-nums">{formatMoney(o.priceMills)}</TableCell>
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
                {formatMoney(o.priceMills)}
                {o.latestCode ? ` · ${t("otp.code", { code: o.latestCode })}` : ""}
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
  const { t } = useAdminCustomerCopy();
  const { formatDateTime } = useDates();
  // The server's own names for changes no person made (support, refund, the desktop tool): translated.
  const changedBy = (who: string | null) => changedByText(t, who);
  return (
    <SectionCard id="history" title={t("history.title")} count={history.total} shown={history.items.length}>
      <ResponsiveList
        rows={history.items}
        empty={{ icon: HistoryIcon, title: t("history.empty") }}
        columns={[
          t("history.columns.date"),
          t("history.columns.changedBy"),
          t("history.columns.buyKey"),
          t("history.columns.old"),
          t("history.columns.new"),
          t("history.columns.notes"),
        ]}
        caption={t("history.caption")}
        tableClassName="min-w-[60rem]"
        cardsLabel={t("history.title")}
        renderRow={(h) => (
          <TableRow key={h.id}>
            <TableCell className={cn(FIRST, "text-muted-foreground")}>
              <When iso={h.changeDate} />
            </TableCell>
            <TableCell className="break-all">{changedBy(h.changedBy) ?? <Muted>—</Muted>}</TableCell>
            <TableCell>
              <KeyText value={h.buykey} />
            </TableCell>
            <TableCell>{h.oldDeviceKey ? <KeyText value={h.oldDeviceKey} /> : <Muted>—</Muted>}</TableCell>
            <TableCell>{h.newDeviceKey ? <KeyText value={h.newDeviceKey} /> : <Muted>—</Muted>}</TableCell>
            <TableCell className={cn(LAST, "max-w-[16rem] text-muted-foreground")}>{h.notes ? historyNote(h.notes) : "—"}</TableCell>
          </TableRow>
        )}
        renderCard={(h) => (
          <li key={h.id} className="grid gap-2 px-4 py-3 text-sm">
            <div className="flex justify-between gap-3 text-xs text-muted-foreground">
              <span>{formatDateTime(h.changeDate)}</span>
              <span className="min-w-0 truncate">{changedBy(h.changedBy)}</span>
            </div>
            <CardFields>
              <CardField term={t("history.buyKey")}>
                <KeyText value={h.buykey} />
              </CardField>
              <CardField term={t("history.old")}>{h.oldDeviceKey ? <KeyText value={h.oldDeviceKey} /> : <Muted>—</Muted>}</CardField>
              <CardField term={t("history.new")}>{h.newDeviceKey ? <KeyText value={h.newDeviceKey} /> : <Muted>—</Muted>}</CardField>
              {h.notes ? <CardField term={t("history.notes")}>{historyNote(h.notes)}</CardField> : null}
            </CardFields>
          </li>
        )}
      />
    </SectionCard>
  );
}

// ---- Audit trail -----------------------------------------------------------------------------

function Target({ entry }: { entry: AuditEntry }) {
  const { t } = useAdminCustomerCopy();
  const label = t(`audit.targets.${entry.targetType}`, { defaultValue: entry.targetType });
  return <span className="text-xs text-muted-foreground">{label}</span>;
}

export function AuditSection({ audit }: { audit: CustomerView["audit"] }) {
  const { t } = useAdminCustomerCopy();
  const { formatDateTime } = useDates();
  return (
    <SectionCard id="audit" title={t("audit.title")} count={audit.total} shown={audit.items.length}>
      <ResponsiveList
        rows={audit.items}
        empty={{ icon: ScrollTextIcon, title: t("audit.empty"), body: <p>{t("audit.emptyBody")}</p> }}
        columns={[t("audit.columns.when"), t("audit.columns.who"), t("audit.columns.what"), t("audit.columns.reason")]}
        caption={t("audit.caption")}
        tableClassName="min-w-[48rem]"
        cardsLabel={t("audit.title")}
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
            <TableCell className={cn(LAST, "max-w-[20rem] break-words text-muted-foreground")}>{a.note ? <WrittenText>{a.note}</WrittenText> : "—"}</TableCell>
          </TableRow>
        )}
        renderCard={(a) => (
          <li key={a.id} className="grid gap-1 px-4 py-3 text-sm" data-testid="audit-row">
            <span className="font-medium">{auditText(a)}</span>
            <span className="text-xs break-all text-muted-foreground">
              {formatDateTime(a.createdAt)} · {a.actorEmail ?? "—"}
            </span>
            {a.note ? <p className="break-words text-muted-foreground">“<WrittenText>{a.note}</WrittenText>”</p> : null}
          </li>
        )}
      />
    </SectionCard>
  );
}

