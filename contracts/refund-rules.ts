// Refund reasons' lengths and the refund texts, without zod (decision 049): the refund contracts
// (contracts/refunds.ts) and the customer's Transactions History share them.
import { formatMoney } from "./money";

export const REFUND_REASON_MAX = 500;
export const REQUEST_REASON_MIN = 10;
export const REQUEST_REASON_MAX = 1000;

/** What the server says when it refuses; the web shows these texts as they are. */
export const REFUND_MESSAGES = {
  amount: "Enter an amount in whole cents, more than $0.00",
  reason: "Say why (1 to 500 characters)",
  requestReason: `Tell us why in ${REQUEST_REASON_MIN} to ${REQUEST_REASON_MAX} characters`,
  notPaid: "Only a paid order can be refunded.",
  tooMuch: (leftMills: number) => `That is more than what is left to refund (${formatMoney(leftMills)}).`,
  balanceTooLow: (balanceMills: number, amountMills: number) =>
    `The customer's balance is ${formatMoney(balanceMills)}, less than the ${formatMoney(amountMills)} to take back: refund at most the balance, or nothing. Nothing was refunded.`,
  assignedLicenses: (unassigned: number, worthMills: number) =>
    `A partial refund of this bulk order can be at most what its ${unassigned} licence${unassigned === 1 ? "" : "s"} not yet assigned are worth (${formatMoney(worthMills)}); assigned licences stay valid. Nothing was refunded.`,
  inProgress: "A refund of this order is already being made. Look at the order again in a minute.",
  tooOld: "The payment provider refunds payments up to 30 days old; this one is older. Nothing was refunded.",
  providerRefused: (message: string) => `The payment provider refused the refund: ${message || "no reason given"}. Nothing was refunded.`,
  unreachable: "The payment provider could not be reached to check this order. Nothing was refunded; try again in a minute.",
  unknown: "The payment provider did not answer, so we do not know whether the refund was made. Nothing was recorded here. The shop asks it again within minutes and records a refund it made; look at the order again before trying once more.",
  notRecorded:
    "The payment provider refunded, but the refund could not be recorded here just now. The shop asks the provider again within minutes and records it; look at the order again before trying once more.",
  recordedNotApplied: (mills: number) =>
    `${formatMoney(mills)} refunded and recorded. Taking back what it paid for did not finish; the shop completes it within a minute (the customer's e-mail goes then).`,
  alreadyAtProvider: (mills: number) =>
    `The payment provider had already refunded ${formatMoney(mills)} of this order (made in its own portal, or an earlier attempt whose answer was lost). That refund is now recorded; nothing more was refunded.`,
  outsideWindow: (days: number) => `Refunds can be requested within ${days} ${days === 1 ? "day" : "days"} of payment; this payment is older.`,
  requestOpen: "A refund request for this order is already waiting for an answer.",
  notRequestable: "This order cannot be refunded.",
  requestDecided: "This request was already answered.",
} as const;
