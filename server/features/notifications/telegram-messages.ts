// The seller's Telegram messages: short, in English, HTML (Telegram's subset: <b>, <i>, <a>),
// every value escaped, amounts formatted by contracts/money.ts, and never a secret (no buy key,
// API key or OTP code is in any event's data).
import { formatMoney } from "../../../contracts/money";
import type { ShopEventType } from "../../../contracts/notifications";
import { incidentSummary, OWNER_ALERT_EN, type IncidentFacts } from "../../providers/email/templates/owner-alert";

const escape = (value: unknown) => String(value ?? "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const text = (value: unknown, fallback = "") => (typeof value === "string" && value ? value : fallback);
const day = (value: unknown) => (typeof value === "string" && value ? value.slice(0, 10) : "not set");
const link = (baseUrl: string, path: string, label: string) => `<a href="${escape(`${baseUrl}${path}`)}">${escape(label)}</a>`;

function item(data: Record<string, unknown>): string {
  if (data.kind === "topup") return "Balance top-up";
  if (data.kind === "tool") return `${text(data.planTitle, "Plan")} (subscription tool)`;
  return `${text(data.planTitle, "Plan")} licence`;
}

/** The message for one event, or a generic line for a type without its own words. */
export function renderTelegramMessage(type: ShopEventType, data: Record<string, unknown>, baseUrl: string): string {
  switch (type) {
    case "order.paid":
      return [
        `💰 <b>New sale</b>: ${escape(item(data))}, <b>${escape(formatMoney(num(data.amountMills)))}</b>`,
        escape(text(data.email)),
        `Order ${escape(data.tranId)} · ${link(baseUrl, "/transactions-history", "Transactions")}`,
      ].join("\n");
    case "order.refunded":
      return [
        `↩️ <b>Refunded</b> ${escape(formatMoney(num(data.refundMills)))} of ${escape(formatMoney(num(data.amountMills)))}: ${escape(item(data))}${data.full ? "" : " (partly)"}`,
        escape(text(data.email)),
        `Order ${escape(data.tranId)}`,
      ].join("\n");
    case "refund.requested":
      return [
        `🙋 <b>Refund request</b>: ${escape(item(data))}, ${escape(formatMoney(num(data.amountMills)))}`,
        escape(text(data.email)),
        data.reason ? `“${escape(text(data.reason).slice(0, 300))}”` : "",
        `Order ${escape(data.tranId)}`,
      ]
        .filter(Boolean)
        .join("\n");
    case "licence.created":
      return `🔑 <b>Licence issued</b>: ${escape(text(data.planTitle, text(data.planId, "plan")))}, ${escape(num(data.termDays))} days\n${escape(text(data.email))}`;
    case "licence.extended":
      return `🔑 <b>Licence extended</b> by ${escape(num(data.addedDays))} days (until ${escape(day(data.expireDate))})\n${escape(text(data.email))}`;
    case "licence.expiring":
      return `⏳ <b>Licence expiring</b> in ${escape(num(data.daysLeft))} days (${escape(day(data.expireDate))})\n${escape(text(data.email))}`;
    case "otp.code_received":
      return `📨 <b>OTP code received</b> for ${escape(text(data.address))} (${escape(text(data.service))})`;
    case "balance.low":
      return `🪫 <b>Low balance</b>: ${escape(formatMoney(num(data.balanceMills)))}, below ${escape(formatMoney(num(data.thresholdMills)))}\n${escape(text(data.email, "an API key"))}`;
    case "discount.used":
      return `🏷️ <b>Discount code used</b>: ${escape(text(data.code))}, ${escape(formatMoney(num(data.discountMills)))} off, paid ${escape(formatMoney(num(data.amountMills)))}\n${escape(text(data.email))}`;
    case "licence.assigned":
      return `🤝 <b>Licence assigned</b> by a reseller, ${escape(num(data.termDays))} days\n${escape(text(data.email))}`;
    case "licence.suspicious":
      return [
        `⚠️ <b>Suspicious licence</b>: ${escape(text(data.email))}`,
        `In 24 hours: ${escape(num(data.addresses))} client addresses, ${escape(num(data.refusedKeys))} refused device keys`,
        link(baseUrl, "/overview", "Overview"),
      ].join("\n");
    case "otp.stock_low":
      return `📉 <b>OTP stock low</b>: the ${escape(text(data.supplier, "upstream"))} supplier has no address for ${escape(text(data.service, "facebook"))}. Buyers are refused (not charged) until it restocks.`;
    case "ops.outbox_stuck":
      return `🚨 <b>Outbox stuck</b>: ${escape(num(data.emails))} e-mails and ${escape(num(data.deliveries))} notifications have been due for more than ${escape(num(data.minutes))} minutes.`;
    case "ops.reconciler_stuck":
      return Number(data.refunds ?? 0) > 0
        ? `🚨 <b>Payments not settling</b>: ${escape(num(data.orders))} pending payments are more than ${escape(num(data.minutes))} minutes past their lifetime, and ${escape(num(data.refunds))} refunds made more than ${escape(num(data.minutes))} minutes ago have not taken their goods back yet.`
        : `🚨 <b>Payments not settling</b>: ${escape(num(data.orders))} pending payments are more than ${escape(num(data.minutes))} minutes past their lifetime.`;
    // The owner's incidents (features/health/alerts.ts): one when it opens, one when it clears.
    case "ops.incident":
      return `🚨 <b>Shop problem</b>: ${escape(incidentSummary(OWNER_ALERT_EN, "opened", data as unknown as IncidentFacts))}.\n${link(baseUrl, "/overview", "Overview")}`;
    case "ops.incident_resolved":
      return `✅ <b>Resolved</b>: ${escape(incidentSummary(OWNER_ALERT_EN, "resolved", data as unknown as IncidentFacts))}.`;
  }
}
