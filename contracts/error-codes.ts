// The error table: every code the server sends, its one HTTP status and its default message.
// The server's AppError accepts only these codes and takes its status from here; the web maps
// codes (never statuses) to the spec's toast texts in one place (web/app/lib/errors.ts).
// No zod here: the web's API client (on the landing page too) imports this file and must stay
// light. The body's schema for the OpenAPI document: contracts/errors.ts.
//
// Each code means one thing everywhere. A refusal of the same kind keeps its code whichever
// service raises it (a debit larger than the balance is INSUFFICIENT_FUNDS for an OTP purchase
// and for an admin's subtraction alike); a service lets another's error pass through rather than
// renaming it.
//
// Not in the table: better-auth's own codes on /api/auth/* (INVALID_EMAIL_OR_PASSWORD, …) pass
// through unchanged and belong to better-auth (the sign-in forms show its message), and the
// desktop tool's licence answers carry their own signed codes (contracts/licenses.ts LicenseCode).
type Entry = { status: number; message: string };

export const ERRORS = {
  // 400: the request cannot be read at all (not JSON, a form that does not parse, nested too deep).
  BAD_REQUEST: { status: 400, message: "Bad request." },
  // 401
  UNAUTHENTICATED: { status: 401, message: "Please sign in to continue." },
  /** A PayWay callback whose signature does not verify. */
  BAD_SIGNATURE: { status: 401, message: "Invalid callback signature" },
  // 402: the API key's prepaid balance cannot pay for the debit (an OTP purchase, an admin's subtraction).
  INSUFFICIENT_FUNDS: { status: 402, message: "Insufficient funds" },
  // 403
  FORBIDDEN: { status: 403, message: "You don't have permission to do this." },
  /** A bulk order's route for an account that is not a reseller (decision 080). */
  NOT_A_RESELLER: { status: 403, message: "Bulk orders are for resellers. Contact us to become one." },
  /** Signed in, but the second factor is still to be entered (or, for admins, to be set up). */
  SECOND_FACTOR_REQUIRED: { status: 403, message: "Enter the code from your authenticator app to continue." },
  /** A state-changing request from a page of another site (or without an Origin). */
  INVALID_ORIGIN: { status: 403, message: "This request did not come from the shop's own pages." },
  // 404: what the request names does not exist, or is not the caller's.
  NOT_FOUND: { status: 404, message: "Not found" },
  /** The caller has no (active) API key, or the admin named a key that does not exist. */
  API_KEY_NOT_FOUND: { status: 404, message: "API key not found" },
  /** A receipt's signed download link older than its 30 days. */
  RECEIPT_LINK_EXPIRED: { status: 404, message: "This receipt link has expired." },
  /** An expiry reminder's signed renew link past its expiry (decision 026). */
  RENEW_LINK_EXPIRED: { status: 404, message: "This renewal link has expired. Sign in to renew from License Keys." },
  METHOD_NOT_ALLOWED: { status: 405, message: "Method not allowed." },
  // 409: the request is well formed but the thing's current state refuses it.
  CONFLICT: { status: 409, message: "The request conflicts with the current state." },
  /** A licence whose key cannot change any more: it has expired. */
  EXPIRED: { status: 409, message: "This license has expired; its key cannot be changed." },
  /** A licence with no key changes left. */
  NO_CHANGES_LEFT: { status: 409, message: "No key changes left for this license." },
  /** A licence an admin revoked (or whose order was refunded): nothing can change it any more. */
  LICENSE_REVOKED: { status: 409, message: "This license was revoked; it cannot be changed." },
  /** A licence an admin suspended: its key cannot change until it is resumed. */
  LICENSE_SUSPENDED: { status: 409, message: "This license is suspended; its key cannot be changed. Contact support." },
  /** Suspending a licence that is suspended already. */
  ALREADY_SUSPENDED: { status: 409, message: "This license is suspended already." },
  /** Resuming a licence that is not suspended. */
  NOT_SUSPENDED: { status: 409, message: "This license is not suspended." },
  /** Releasing the device of a licence bound to none. */
  NOT_BOUND: { status: 409, message: "This license is not bound to a device." },
  /** A device key already bound to another licence. */
  DEVICE_IN_USE: { status: 409, message: "This device key is already bound to another license. Move or release that license first." },
  /** An admin removing their own admin role. */
  SELF_DEMOTION: { status: 409, message: "You cannot remove your own admin role." },
  /** Removing the last super-admin. */
  LAST_SUPER_ADMIN: { status: 409, message: "The last super-admin cannot lose the admin role." },
  /** An admin resetting their own second factor from the console. */
  SELF_RESET: { status: 409, message: "Turn your own two-factor authentication off in Profile." },
  /** A plan of that length is in the market's catalogue already (retired ones too: restore it). */
  PLAN_EXISTS: { status: 409, message: "A plan of this length is already in this price list." },
  /** A discount code by that name exists already (switched off ones too). */
  DISCOUNT_EXISTS: { status: 409, message: "A discount code with this name exists already." },
  /** Retiring the last plan a market sells. */
  LAST_PLAN_ON_SALE: { status: 409, message: "A price list needs at least one plan on sale." },
  // Bulk orders for resellers (decision 080).
  /** Two assignments of one licence: the other one won. */
  ALREADY_ASSIGNED: { status: 409, message: "This license was assigned already." },
  /** A bulk order's licence that was activated, revoked or refunded: it can no longer be assigned. */
  LICENSE_NOT_ASSIGNABLE: { status: 409, message: "This license can no longer be assigned: it was activated or revoked." },
  /** A partial refund of a bulk order worth more than its licences not yet assigned. */
  REFUND_ASSIGNED_LICENSES: { status: 409, message: "This refund is larger than the licenses not yet assigned are worth; assigned licenses stay valid." },
  /** The mail supplier has no address to sell right now (nothing was charged). */
  OUT_OF_STOCK: { status: 409, message: "No address is available right now. Please try again in a few minutes; you were not charged." },
  /** An OTP order that already received a code (it can no longer be cancelled). */
  ORDER_HAS_CODE: { status: 409, message: "A code has arrived: this order can no longer be cancelled." },
  /** An OTP order that is already closed. */
  NOT_PENDING: { status: 409, message: "This order is already closed." },
  /** A receipt asked for an order that was not paid (pending, failed or cancelled). */
  RECEIPT_NOT_AVAILABLE: { status: 409, message: "This order has no receipt: it was not paid." },
  // Refunds (decision 024): what an admin's refund or a customer's request runs into.
  /** The order was not paid (or is refunded already): nothing to refund. */
  ORDER_NOT_REFUNDABLE: { status: 409, message: "Only a paid order can be refunded." },
  /** More than what is left of the payment. */
  REFUND_TOO_LARGE: { status: 409, message: "The refund is larger than what is left of the payment." },
  /** The provider refunds within 30 days of the payment only. */
  REFUND_WINDOW_CLOSED: { status: 409, message: "This payment is too old to be refunded through the payment provider." },
  /** Another refund of this order is under way. */
  REFUND_IN_PROGRESS: { status: 409, message: "Another refund of this order is under way. Try again in a few minutes." },
  /** A top-up whose credit is (partly) spent: the balance cannot give it back. */
  REFUND_BALANCE_TOO_LOW: { status: 409, message: "The balance no longer holds the amount to refund." },
  /** The provider had refunded it already (in its own portal): recorded, nothing more refunded. */
  REFUND_ALREADY_MADE: { status: 409, message: "The payment provider had already refunded this payment; it is now recorded." },
  /** The provider said no; nothing changed. */
  REFUND_REFUSED: { status: 409, message: "The payment provider refused the refund; nothing was changed." },
  /** A customer's request for an order that cannot be refunded. */
  REFUND_NOT_REQUESTABLE: { status: 409, message: "This order cannot be refunded." },
  /** A customer's request after the money-back guarantee's window. */
  REFUND_WINDOW_PASSED: { status: 409, message: "The money-back guarantee's window has passed for this order." },
  /** A request for an order that already has an open one. */
  REFUND_REQUEST_OPEN: { status: 409, message: "A refund request for this order is already open." },
  /** Approving or declining a request that was decided already. */
  REFUND_REQUEST_DECIDED: { status: 409, message: "This refund request was decided already." },
  PAYLOAD_TOO_LARGE: { status: 413, message: "Request body is too large." },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Send the body as JSON (Content-Type: application/json)." },
  // 422: the body reads, but a field breaks its rule (`issues` name each field).
  VALIDATION_FAILED: { status: 422, message: "Invalid input" },
  /** A webhook URL the shop will not send to: not https in production, or a private or loopback address. */
  WEBHOOK_URL_NOT_ALLOWED: { status: 422, message: "Webhooks can only be sent to public https addresses." },
  // Discount codes (decision 077): why a code entered at a checkout (or its quote) is refused.
  /** No such code, or the seller switched it off. */
  DISCOUNT_UNKNOWN: { status: 422, message: "This discount code is not valid." },
  DISCOUNT_NOT_STARTED: { status: 422, message: "This discount code is not valid yet." },
  DISCOUNT_EXPIRED: { status: 422, message: "This discount code has expired." },
  /** Every use is spent (paid orders and open checkouts holding one). */
  DISCOUNT_USED_UP: { status: 422, message: "This discount code has been used up." },
  DISCOUNT_NOT_FOR_PLAN: { status: 422, message: "This discount code is not for this plan." },
  /** The customer's own uses of the code are spent. */
  DISCOUNT_ALREADY_USED: { status: 422, message: "You have already used this discount code." },
  DISCOUNT_FIRST_PURCHASE_ONLY: { status: 422, message: "This discount code is for a first purchase only." },
  /** A gift (decision 079) to the payer's own e-mail address: buy the plan for yourself instead. */
  GIFT_TO_SELF: { status: 422, message: "A gift must go to someone else's e-mail address. To buy for yourself, leave the gift unchecked." },
  /** A reseller assigning a licence to their own e-mail address: it is theirs already. */
  ASSIGN_TO_SELF: { status: 422, message: "This license is yours already. Assign it to your customer's e-mail address." },
  /** The desktop tool speaks a licence protocol that is no longer served. */
  UPGRADE_REQUIRED: { status: 426, message: "This version of the desktop tool is no longer supported. Update the tool." },
  RATE_LIMITED: { status: 429, message: "Too many requests. Please wait a moment and try again." },
  /** Too many live-update connections open for one account. */
  TOO_MANY_STREAMS: { status: 429, message: "Too many open live connections. Close a tab and try again." },
  INTERNAL: { status: 500, message: "Something went wrong on our side. Please try again." },
  /** The mail supplier failed (nothing was charged). */
  SUPPLIER_FAILED: { status: 503, message: "The mail supplier is unavailable right now. Please try again later; you were not charged." },
  /** The payment provider could not be asked (nothing was refunded). */
  PROVIDER_UNAVAILABLE: { status: 503, message: "The payment provider cannot be reached right now; nothing was refunded." },
  /** The refund call got no answer: it may or may not have been made (the reconciler will tell). */
  REFUND_OUTCOME_UNKNOWN: { status: 502, message: "The payment provider did not answer; check the order in a few minutes before trying again." },
  /** The server is starting, draining or missing its database. */
  UNAVAILABLE: { status: 503, message: "The service is unavailable right now. Please try again shortly." },
} as const satisfies Record<string, Entry>;

export type ErrorCode = keyof typeof ERRORS;
export type ErrorStatus = (typeof ERRORS)[ErrorCode]["status"];
/** The status a code is sent with. */
export type StatusOf<C extends ErrorCode> = (typeof ERRORS)[C]["status"];

export const ERROR_CODES = Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERRORS, value);
}

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

/** One field's refusal in a VALIDATION_FAILED body. */
export type ErrorIssue = { path: string; message: string };
