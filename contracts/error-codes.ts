// The error table: every code the server sends, its one HTTP status (./error-statuses.ts, with
// what each code means) and its default message (here). The server's AppError accepts only these
// codes and takes its status from the table; the web maps codes (never statuses) to the spec's
// toast texts in one place (web/app/lib/errors.ts) and words them from its errors namespace, so the
// web's API client imports ./error-statuses.ts only. No zod here. The body's schema for the
// OpenAPI document: contracts/errors.ts.
import { ERROR_STATUS, type ErrorCode, type StatusOf } from "./error-statuses";

export { ERROR_STATUS, isErrorCode, type ErrorCode, type ErrorIssue, type ErrorStatus, type StatusOf } from "./error-statuses";

/** Each code's default message (English; the web's words: its errors namespace). */
const MESSAGES = {
  BAD_REQUEST: "Bad request.",
  UNAUTHENTICATED: "Please sign in to continue.",
  BAD_SIGNATURE: "Invalid callback signature",
  INSUFFICIENT_FUNDS: "Insufficient funds",
  FORBIDDEN: "You don't have permission to do this.",
  NOT_A_RESELLER: "Bulk orders are for resellers. Contact us to become one.",
  SECOND_FACTOR_REQUIRED: "Enter the code from your authenticator app to continue.",
  INVALID_ORIGIN: "This request did not come from the shop's own pages.",
  NOT_FOUND: "Not found",
  API_KEY_NOT_FOUND: "API key not found",
  RECEIPT_LINK_EXPIRED: "This receipt link has expired.",
  RENEW_LINK_EXPIRED: "This renewal link has expired. Sign in to renew from License Keys.",
  METHOD_NOT_ALLOWED: "Method not allowed.",
  CONFLICT: "The request conflicts with the current state.",
  EXPIRED: "This license has expired; its key cannot be changed.",
  NO_CHANGES_LEFT: "No key changes left for this license.",
  LICENSE_REVOKED: "This license was revoked; it cannot be changed.",
  LICENSE_SUSPENDED: "This license is suspended; its key cannot be changed. Contact support.",
  ALREADY_SUSPENDED: "This license is suspended already.",
  NOT_SUSPENDED: "This license is not suspended.",
  NOT_BOUND: "This license is not bound to a device.",
  DEVICE_IN_USE: "This device key is already bound to another license. Move or release that license first.",
  SELF_DEMOTION: "You cannot remove your own admin role.",
  LAST_SUPER_ADMIN: "The last super-admin cannot lose the admin role.",
  SELF_RESET: "Turn your own two-factor authentication off in Profile.",
  PLAN_EXISTS: "A plan of this length is already in this price list.",
  DISCOUNT_EXISTS: "A discount code with this name exists already.",
  LAST_PLAN_ON_SALE: "A price list needs at least one plan on sale.",
  ALREADY_ASSIGNED: "This license was assigned already.",
  LICENSE_NOT_ASSIGNABLE: "This license can no longer be assigned: it was activated or revoked.",
  REFUND_ASSIGNED_LICENSES: "This refund is larger than the licenses not yet assigned are worth; assigned licenses stay valid.",
  OUT_OF_STOCK: "No address is available right now. Please try again in a few minutes; you were not charged.",
  ORDER_HAS_CODE: "A code has arrived: this order can no longer be cancelled.",
  NOT_PENDING: "This order is already closed.",
  RECEIPT_NOT_AVAILABLE: "This order has no receipt: it was not paid.",
  ORDER_NOT_REFUNDABLE: "Only a paid order can be refunded.",
  REFUND_TOO_LARGE: "The refund is larger than what is left of the payment.",
  REFUND_WINDOW_CLOSED: "This payment is too old to be refunded through the payment provider.",
  REFUND_IN_PROGRESS: "Another refund of this order is under way. Try again in a few minutes.",
  REFUND_BALANCE_TOO_LOW: "The balance no longer holds the amount to refund.",
  REFUND_ALREADY_MADE: "The payment provider had already refunded this payment; it is now recorded.",
  REFUND_REFUSED: "The payment provider refused the refund; nothing was changed.",
  REFUND_NOT_REQUESTABLE: "This order cannot be refunded.",
  REFUND_WINDOW_PASSED: "The money-back guarantee's window has passed for this order.",
  REFUND_REQUEST_OPEN: "A refund request for this order is already open.",
  REFUND_REQUEST_DECIDED: "This refund request was decided already.",
  PAYLOAD_TOO_LARGE: "Request body is too large.",
  UNSUPPORTED_MEDIA_TYPE: "Send the body as JSON (Content-Type: application/json).",
  VALIDATION_FAILED: "Invalid input",
  WEBHOOK_URL_NOT_ALLOWED: "Webhooks can only be sent to public https addresses.",
  DISCOUNT_UNKNOWN: "This discount code is not valid.",
  DISCOUNT_NOT_STARTED: "This discount code is not valid yet.",
  DISCOUNT_EXPIRED: "This discount code has expired.",
  DISCOUNT_USED_UP: "This discount code has been used up.",
  DISCOUNT_NOT_FOR_PLAN: "This discount code is not for this plan.",
  DISCOUNT_ALREADY_USED: "You have already used this discount code.",
  DISCOUNT_FIRST_PURCHASE_ONLY: "This discount code is for a first purchase only.",
  GIFT_TO_SELF: "A gift must go to someone else's e-mail address. To buy for yourself, leave the gift unchecked.",
  ASSIGN_TO_SELF: "This license is yours already. Assign it to your customer's e-mail address.",
  UPGRADE_REQUIRED: "This version of the desktop tool is no longer supported. Update the tool.",
  RATE_LIMITED: "Too many requests. Please wait a moment and try again.",
  TOO_MANY_STREAMS: "Too many open live connections. Close a tab and try again.",
  INTERNAL: "Something went wrong on our side. Please try again.",
  SUPPLIER_FAILED: "The mail supplier is unavailable right now. Please try again later; you were not charged.",
  PROVIDER_UNAVAILABLE: "The payment provider cannot be reached right now; nothing was refunded.",
  REFUND_OUTCOME_UNKNOWN: "The payment provider did not answer; check the order in a few minutes before trying again.",
  UNAVAILABLE: "The service is unavailable right now. Please try again shortly.",
} as const satisfies Record<ErrorCode, string>;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The table: each code's status and default message. */
export const ERRORS = Object.fromEntries(ERROR_CODES.map((code) => [code, { status: ERROR_STATUS[code], message: MESSAGES[code] }])) as {
  readonly [C in ErrorCode]: { readonly status: StatusOf<C>; readonly message: (typeof MESSAGES)[C] };
};

/**
 * The general code for a status, for refusals that come with a status only (Hono's own 4xx, a
 * bodiless better-auth answer). Never a specific code (a bare 402 is not INSUFFICIENT_FUNDS):
 * other statuses are BAD_REQUEST (4xx) or INTERNAL (5xx).
 */
const GENERAL_CODE: Partial<Record<number, ErrorCode>> = {
  400: "BAD_REQUEST",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "VALIDATION_FAILED",
  429: "RATE_LIMITED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};

export function codeForStatus(status: number): ErrorCode {
  return GENERAL_CODE[status] ?? (status >= 500 ? "INTERNAL" : "BAD_REQUEST");
}
