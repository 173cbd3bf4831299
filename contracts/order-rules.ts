// Top-up amounts and the app's deep link, without zod (decision 049), like contracts/text-rules.ts:
// the order contracts (contracts/orders.ts) and the dashboard's first load share them.
import { isWholeCents, parseDollars } from "./money";

/** The mobile app's custom scheme: the v2 subscription page hands a paid payment to the app. */
export const APP_DEEP_LINK_SCHEME = "payment-success";

/** The spec's label for top-ups (plan title of a top-up order, dialog title). */
export const TOP_UP_TITLE = "Balance Top Up";
export const MIN_TOPUP_MILLS = 1_000;
export const MAX_TOPUP_MILLS = 10_000_000;

/** The spec's texts: the toast title is `invalid`, the description the specific message. */
export const TOPUP_MESSAGES = {
  invalid: "Invalid amount",
  min: "Please enter an amount of $1 or more",
  max: "Please enter an amount of $10000 or less",
} as const;

/**
 * The amount a person typed on Profile, read once (through its digits, never a float) into the
 * mills the web sends, or the spec's message saying why it is refused.
 */
export function readTopupAmount(text: string): { mills: number } | { error: string } {
  // Negative and sub-cent amounts are read too, so that they get "$1 or more" / "Invalid amount".
  const mills = parseDollars(text, { decimals: 3, allowNegative: true });
  if (mills === null) return { error: TOPUP_MESSAGES.invalid };
  const refusal = topupRefusal(mills);
  return refusal ? { error: refusal } : { mills };
}

/** Why a top-up of `mills` is refused (the spec's text), or null when it may be paid. */
export function topupRefusal(mills: number): string | null {
  if (mills < MIN_TOPUP_MILLS) return TOPUP_MESSAGES.min;
  if (mills > MAX_TOPUP_MILLS) return TOPUP_MESSAGES.max;
  return isWholeCents(mills) ? null : TOPUP_MESSAGES.invalid; // PayWay takes whole cents only
}
