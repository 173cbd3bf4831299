// Refunds (decision 024): an admin's refund of a paid order, the money-back guarantee's requests
// (a customer asks within the window, an admin approves or declines) and what the Overview's queue
// shows. Amounts are integer mills; the provider refunds whole cents, so amounts are multiples of 10.
import { z } from "zod";
import { OrderKindSchema, OrderStatusSchema } from "./orders";
import { REFUND_MESSAGES, REFUND_REASON_MAX, REQUEST_REASON_MAX, REQUEST_REASON_MIN } from "./refund-rules";
import { multiLineText } from "./text";

export { REFUND_MESSAGES, REFUND_REASON_MAX, REQUEST_REASON_MAX, REQUEST_REASON_MIN } from "./refund-rules";

/** POST /api/admin/orders/{id}/refunds (super-admin): the rest of the order by default, or an amount. */
export const AdminRefundBodySchema = z.object({
  amountMills: z
    .number(REFUND_MESSAGES.amount)
    .int(REFUND_MESSAGES.amount)
    .min(10, REFUND_MESSAGES.amount)
    .max(10_000_000_000, REFUND_MESSAGES.amount)
    .refine((v) => v % 10 === 0, REFUND_MESSAGES.amount)
    .optional(),
  reason: multiLineText(REFUND_MESSAGES.reason).min(1, REFUND_MESSAGES.reason).max(REFUND_REASON_MAX, REFUND_MESSAGES.reason),
});
export type AdminRefundBody = z.input<typeof AdminRefundBodySchema>;

/** What a refund took back (kept on the refund row as `reversal`). */
export const ReversalSchema = z.object({
  /** plan / tool order: the licence revoked (a full refund). */
  licenceRevoked: z.object({ licenseId: z.string(), buyKey: z.string() }).optional(),
  /** A reseller's bulk order (decision 080): its licences revoked (not yet assigned; assigned ones stay valid). */
  licencesRevoked: z.object({ count: z.number().int(), licenseIds: z.array(z.string()), keptAssigned: z.number().int() }).optional(),
  /** tool renewal: the days it added, taken off again (a full refund). */
  daysRemoved: z.object({ licenseId: z.string(), days: z.number().int(), expireDate: z.string().nullable() }).optional(),
  /** top-up: debited from the balance through the ledger. */
  balanceDebited: z.object({ apiKeyId: z.string(), mills: z.number().int(), balanceAfterMills: z.number().int() }).optional(),
  /** top-up refunded at the provider when the balance no longer held it: what could not be taken back. */
  shortfallMills: z.number().int().optional(),
  /** Nothing to take back, and why (a partial refund of a licence, a top-up of a deleted user…). */
  nothing: z.string().optional(),
});
export type Reversal = z.infer<typeof ReversalSchema>;

export const RefundSourceSchema = z.enum(["admin", "guarantee", "provider"]);

export const RefundSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  amountMills: z.number().int(),
  source: RefundSourceSchema,
  reason: z.string(),
  reversal: ReversalSchema,
  createdAt: z.string(),
  /** When the goods were taken back (licence, days, balance), the e-mail and audit written; null: still to be done, within a minute (decision 034). */
  appliedAt: z.string().nullable(),
});
export type Refund = z.infer<typeof RefundSchema>;

export const AdminRefundResponseSchema = z.object({
  refund: RefundSchema,
  order: z.object({ id: z.string(), status: OrderStatusSchema, amountMills: z.number().int(), refundedMills: z.number().int() }),
  message: z.string(),
});
export type AdminRefundResponse = z.infer<typeof AdminRefundResponseSchema>;

// ---- The money-back guarantee ------------------------------------------------------------------

/** POST /api/orders/{id}/refund-requests (the order's owner, within the window). */
export const RefundRequestBodySchema = z.object({
  reason: multiLineText(REFUND_MESSAGES.requestReason).min(REQUEST_REASON_MIN, REFUND_MESSAGES.requestReason).max(REQUEST_REASON_MAX, REFUND_MESSAGES.requestReason),
});
export type RefundRequestBody = z.input<typeof RefundRequestBodySchema>;

export const RefundRequestStatusSchema = z.enum(["open", "approved", "declined"]);
export type RefundRequestStatus = z.infer<typeof RefundRequestStatusSchema>;

/** A request as its customer sees it (on their order). */
export const OwnRefundRequestSchema = z.object({
  id: z.string(),
  status: RefundRequestStatusSchema,
  reason: z.string(),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type OwnRefundRequest = z.infer<typeof OwnRefundRequestSchema>;
export const RefundRequestResponseSchema = z.object({ request: OwnRefundRequestSchema });

/** A request in the admins' queue, with its order. */
export const AdminRefundRequestSchema = OwnRefundRequestSchema.extend({
  order: z.object({
    id: z.string(),
    tranId: z.string(),
    kind: OrderKindSchema,
    email: z.string(),
    planTitle: z.string(),
    /** The plan's length (its title in every language comes from it); null: a top-up. */
    planMonths: z.number().int().nullable(),
    amountMills: z.number().int(),
    refundedMills: z.number().int(),
    status: OrderStatusSchema,
    paidAt: z.string().nullable(),
  }),
});
export type AdminRefundRequest = z.infer<typeof AdminRefundRequestSchema>;

/** A top-up refunded at the provider after its credit was spent: what could not be taken back. */
export const RefundShortfallSchema = z.object({
  refundId: z.string(),
  orderId: z.string(),
  tranId: z.string(),
  email: z.string(),
  amountMills: z.number().int(),
  shortfallMills: z.number().int(),
  createdAt: z.string(),
});
export type RefundShortfall = z.infer<typeof RefundShortfallSchema>;

/** GET /api/admin/refund-requests (admins): the open queue, oldest first, and recent shortfalls. */
export const RefundQueueSchema = z.object({
  requests: z.array(AdminRefundRequestSchema),
  /** Refunds of the last 30 days that could not take back all of a top-up (newest first, 20 at most). */
  shortfalls: z.array(RefundShortfallSchema),
  windowDays: z.number().int(),
});
export type RefundQueue = z.infer<typeof RefundQueueSchema>;

/** POST /api/admin/refund-requests/{id}/approve and /decline (super-admins): a note for the customer. */
export const DecideRefundRequestBodySchema = z.object({
  note: multiLineText().max(REFUND_REASON_MAX, `At most ${REFUND_REASON_MAX} characters`).optional().default(""),
});
export type DecideRefundRequestBody = z.input<typeof DecideRefundRequestBodySchema>;

export const DecideRefundRequestResponseSchema = z.object({
  request: AdminRefundRequestSchema,
  /** The refund an approval made. */
  refund: RefundSchema.nullable(),
  message: z.string(),
});
export type DecideRefundRequestResponse = z.infer<typeof DecideRefundRequestResponseSchema>;
