// The error table's codes and the one HTTP status each is sent with (decision 025). Their default
// messages: ./error-codes.ts, keyed by these codes (the type checker holds the two to the same
// codes). This half is what the web's API client needs (a code from the table, whether the
// server's side failed), so the English messages stay off every page's first load (issue #28
// item 5). No zod here.
//
// Each code means one thing everywhere. A refusal of the same kind keeps its code whichever
// service raises it (a debit larger than the balance is INSUFFICIENT_FUNDS for an OTP purchase
// and for an admin's subtraction alike); a service lets another's error pass through rather than
// renaming it.
//
// Not in the table: better-auth's own codes on /api/auth/* (INVALID_EMAIL_OR_PASSWORD, …) pass
// through unchanged and belong to better-auth (the sign-in forms show its message), and the
// desktop tool's licence answers carry their own signed codes (contracts/licenses.ts LicenseCode).

export const ERROR_STATUS = {
  // 400: the request cannot be read at all (not JSON, a form that does not parse, nested too deep).
  BAD_REQUEST: 400,
  // 401
  UNAUTHENTICATED: 401,
  /** A PayWay callback whose signature does not verify. */
  BAD_SIGNATURE: 401,
  // 402: the API key's prepaid balance cannot pay for the debit (an OTP purchase, an admin's subtraction).
  INSUFFICIENT_FUNDS: 402,
  // 403
  FORBIDDEN: 403,
  /** A bulk order's route for an account that is not a reseller (decision 080). */
  NOT_A_RESELLER: 403,
  /** Signed in, but the second factor is still to be entered (or, for admins, to be set up). */
  SECOND_FACTOR_REQUIRED: 403,
  /** A state-changing request from a page of another site (or without an Origin). */
  INVALID_ORIGIN: 403,
  // 404: what the request names does not exist, or is not the caller's.
  NOT_FOUND: 404,
  /** The caller has no (active) API key, or the admin named a key that does not exist. */
  API_KEY_NOT_FOUND: 404,
  /** A receipt's signed download link older than its 30 days. */
  RECEIPT_LINK_EXPIRED: 404,
  /** An expiry reminder's signed renew link past its expiry (decision 026). */
  RENEW_LINK_EXPIRED: 404,
  METHOD_NOT_ALLOWED: 405,
  // 409: the request is well formed but the thing's current state refuses it.
  CONFLICT: 409,
  /** A licence whose key cannot change any more: it has expired. */
  EXPIRED: 409,
  /** A licence with no key changes left. */
  NO_CHANGES_LEFT: 409,
  /** A licence an admin revoked (or whose order was refunded): nothing can change it any more. */
  LICENSE_REVOKED: 409,
  /** A licence an admin suspended: its key cannot change until it is resumed. */
  LICENSE_SUSPENDED: 409,
  /** Suspending a licence that is suspended already. */
  ALREADY_SUSPENDED: 409,
  /** Resuming a licence that is not suspended. */
  NOT_SUSPENDED: 409,
  /** Releasing the device of a licence bound to none. */
  NOT_BOUND: 409,
  /** A device key already bound to another licence. */
  DEVICE_IN_USE: 409,
  /** An admin removing their own admin role. */
  SELF_DEMOTION: 409,
  /** Removing the last super-admin. */
  LAST_SUPER_ADMIN: 409,
  /** An admin resetting their own second factor from the console. */
  SELF_RESET: 409,
  /** A plan of that length is in the market's catalogue already (retired ones too: restore it). */
  PLAN_EXISTS: 409,
  /** A discount code by that name exists already (switched off ones too). */
  DISCOUNT_EXISTS: 409,
  /** Retiring the last plan a market sells. */
  LAST_PLAN_ON_SALE: 409,
  // Bulk orders for resellers (decision 080).
  /** Two assignments of one licence: the other one won. */
  ALREADY_ASSIGNED: 409,
  /** A bulk order's licence that was activated, revoked or refunded: it can no longer be assigned. */
  LICENSE_NOT_ASSIGNABLE: 409,
  /** A partial refund of a bulk order worth more than its licences not yet assigned. */
  REFUND_ASSIGNED_LICENSES: 409,
  /** The mail supplier has no address to sell right now (nothing was charged). */
  OUT_OF_STOCK: 409,
  /** An OTP order that already received a code (it can no longer be cancelled). */
  ORDER_HAS_CODE: 409,
  /** An OTP order that is already closed. */
  NOT_PENDING: 409,
  /** A receipt asked for an order that was not paid (pending, failed or cancelled). */
  RECEIPT_NOT_AVAILABLE: 409,
  // Refunds (decision 024): what an admin's refund or a customer's request runs into.
  /** The order was not paid (or is refunded already): nothing to refund. */
  ORDER_NOT_REFUNDABLE: 409,
  /** More than what is left of the payment. */
  REFUND_TOO_LARGE: 409,
  /** The provider refunds within 30 days of the payment only. */
  REFUND_WINDOW_CLOSED: 409,
  /** Another refund of this order is under way. */
  REFUND_IN_PROGRESS: 409,
  /** A top-up whose credit is (partly) spent: the balance cannot give it back. */
  REFUND_BALANCE_TOO_LOW: 409,
  /** The provider had refunded it already (in its own portal): recorded, nothing more refunded. */
  REFUND_ALREADY_MADE: 409,
  /** The provider said no; nothing changed. */
  REFUND_REFUSED: 409,
  /** A customer's request for an order that cannot be refunded. */
  REFUND_NOT_REQUESTABLE: 409,
  /** A customer's request after the money-back guarantee's window. */
  REFUND_WINDOW_PASSED: 409,
  /** A request for an order that already has an open one. */
  REFUND_REQUEST_OPEN: 409,
  /** Approving or declining a request that was decided already. */
  REFUND_REQUEST_DECIDED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // 422: the body reads, but a field breaks its rule (`issues` name each field).
  VALIDATION_FAILED: 422,
  /** A webhook URL the shop will not send to: not https in production, or a private or loopback address. */
  WEBHOOK_URL_NOT_ALLOWED: 422,
  // Discount codes (decision 077): why a code entered at a checkout (or its quote) is refused.
  /** No such code, or the seller switched it off. */
  DISCOUNT_UNKNOWN: 422,
  DISCOUNT_NOT_STARTED: 422,
  DISCOUNT_EXPIRED: 422,
  /** Every use is spent (paid orders and open checkouts holding one). */
  DISCOUNT_USED_UP: 422,
  DISCOUNT_NOT_FOR_PLAN: 422,
  /** The customer's own uses of the code are spent. */
  DISCOUNT_ALREADY_USED: 422,
  DISCOUNT_FIRST_PURCHASE_ONLY: 422,
  /** A gift (decision 079) to the payer's own e-mail address: buy the plan for yourself instead. */
  GIFT_TO_SELF: 422,
  /** A reseller assigning a licence to their own e-mail address: it is theirs already. */
  ASSIGN_TO_SELF: 422,
  /** The desktop tool speaks a licence protocol that is no longer served. */
  UPGRADE_REQUIRED: 426,
  RATE_LIMITED: 429,
  /** Too many live-update connections open for one account. */
  TOO_MANY_STREAMS: 429,
  INTERNAL: 500,
  /** The mail supplier failed (nothing was charged). */
  SUPPLIER_FAILED: 503,
  /** The payment provider could not be asked (nothing was refunded). */
  PROVIDER_UNAVAILABLE: 503,
  /** The refund call got no answer: it may or may not have been made (the reconciler will tell). */
  REFUND_OUTCOME_UNKNOWN: 502,
  /** The server is starting, draining or missing its database. */
  UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];
/** The status a code is sent with. */
export type StatusOf<C extends ErrorCode> = (typeof ERROR_STATUS)[C];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}

/** One field's refusal in a VALIDATION_FAILED body. */
export type ErrorIssue = { path: string; message: string };
