// Orders (payments): checkout requests, what the browser does to pay, order status and the
// transactions history. Amounts are integer mills; a client never sends a price for a plan.
import { z } from "zod";
import { DEVICE_KEY_MARKER } from "./device-key";
import { CheckoutInstructionsSchema } from "./payment-providers";
import { MarketSchema } from "./plans";
import { OptionalDiscountCodeSchema } from "./discounts";
import { emptyMeansNone, singleLineText } from "./text";
import { MAX_TOPUP_MILLS, MIN_TOPUP_MILLS, TOPUP_MESSAGES, topupRefusal } from "./order-rules";

export {
  APP_DEEP_LINK_SCHEME,
  MAX_TOPUP_MILLS,
  MIN_TOPUP_MILLS,
  readTopupAmount,
  TOP_UP_TITLE,
  TOPUP_MESSAGES,
  topupRefusal,
} from "./order-rules";

export const SUBSCRIPTION_MESSAGES = {
  email: "Please enter a valid email address",
  plan: "Please select a plan first",
  deviceKey: "Invalid license key format. Please use the key provided by the tool.",
  failed: "Failed to process payment. Please try again.",
} as const;


/** The top-up amount on the wire: integer mills, a whole number of cents from $1 to $10,000. */
export const TopupMillsSchema = z.number(TOPUP_MESSAGES.invalid).int(TOPUP_MESSAGES.invalid).superRefine((mills, ctx) => {
  const message = topupRefusal(mills);
  if (message) ctx.addIssue({ code: "custom", message });
}).meta({ description: `Integer mills, whole cents, from ${MIN_TOPUP_MILLS} to ${MAX_TOPUP_MILLS} (1 to 10,000 dollars)` });

const PlanId = singleLineText(SUBSCRIPTION_MESSAGES.plan).min(1, SUBSCRIPTION_MESSAGES.plan).max(64, SUBSCRIPTION_MESSAGES.plan);

/**
 * The page a checkout started on, where its outcome is shown (issue #14): `home` (the landing's
 * plans: a paid plan goes on to License Keys, where its key is), `license-keys`, `profile`
 * (top-ups), `reseller` (a bulk order, decision 080). Defaults: plans `home`, top-ups `profile`. A closed list: never an address.
 */
export const CheckoutReturnPageSchema = z.enum(["home", "license-keys", "profile", "reseller"]);
export type CheckoutReturnPage = z.infer<typeof CheckoutReturnPageSchema>;

/**
 * A gift's recipient (decision 079): an e-mail address, trimmed and lower-cased; the licence is
 * theirs. Empty or absent: no gift. Never the payer's own address (GIFT_TO_SELF).
 */
export const GiftEmailSchema = singleLineText(SUBSCRIPTION_MESSAGES.email)
  .transform((v) => v.toLowerCase())
  .pipe(z.email(SUBSCRIPTION_MESSAGES.email).max(254, SUBSCRIPTION_MESSAGES.email))
  .meta({ description: "The gift's recipient: an e-mail address (at most 254 characters; case and surrounding spaces do not matter)" });
export const OptionalGiftEmailSchema = emptyMeansNone(GiftEmailSchema);

export const PlanCheckoutBodySchema = z.object({
  kind: z.literal("plan"),
  planId: PlanId,
  /** Optional check: the plan must belong to this price list. */
  market: MarketSchema.optional(),
  returnTo: CheckoutReturnPageSchema.optional(),
  /** A discount code (decision 077); empty or absent: none. */
  discountCode: OptionalDiscountCodeSchema,
  /** A gift (decision 079): the recipient gets the buy key and owns the licence; the payer gets the receipt. */
  giftEmail: OptionalGiftEmailSchema,
});
export const TopupCheckoutBodySchema = z.object({ kind: z.literal("topup"), amountMills: TopupMillsSchema, returnTo: CheckoutReturnPageSchema.optional() });
/** POST /api/orders/checkout (signed in). Any price sent is ignored: the server prices the order. */
export const CheckoutBodySchema = z.discriminatedUnion("kind", [PlanCheckoutBodySchema, TopupCheckoutBodySchema]);
export type CheckoutBody = z.input<typeof CheckoutBodySchema>;

/** POST /api/orders/subscription-tool (no sign-in): plan, buyer e-mail, the tool's device key. */
export const SubscriptionCheckoutBodySchema = z.object({
  planId: PlanId,
  email: z.email(SUBSCRIPTION_MESSAGES.email).max(254, SUBSCRIPTION_MESSAGES.email),
  deviceKey: singleLineText()
    .max(512, SUBSCRIPTION_MESSAGES.deviceKey)
    .refine((v) => v === "" || v.includes(DEVICE_KEY_MARKER), SUBSCRIPTION_MESSAGES.deviceKey)
    .meta({ pattern: `^\\s*$|${DEVICE_KEY_MARKER}`, description: `The desktop tool's device key (it contains ${DEVICE_KEY_MARKER}), or empty` })
    .optional(),
  /** v1 returns to /subscription_tool, v2 to /license-history. */
  variant: z.enum(["v1", "v2"]).default("v1"),
  /** A discount code (decision 077); empty or absent: none. */
  discountCode: OptionalDiscountCodeSchema,
});
export type SubscriptionCheckoutBody = z.input<typeof SubscriptionCheckoutBodySchema>;

export const OrderKindSchema = z.enum(["plan", "topup", "tool"]);
export const OrderStatusSchema = z.enum(["pending", "paid", "failed", "cancelled", "refunded"]);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

export const OrderSchema = z.object({
  id: z.string(),
  tranId: z.string(),
  kind: OrderKindSchema,
  email: z.string(),
  planId: z.string().nullable(),
  /** The plan's English title (the spec's, for lists and the CSV), or 'Balance Top Up'; pages show planTitle(planMonths, language) instead. */
  planTitle: z.string(),
  /** The plan's length in months, which its title in every language comes from (null: a top-up, or a plan no longer known). */
  planMonths: z.number().int().nullable(),
  /** What the customer pays (after any discount). */
  amountMills: z.number().int(),
  /** The discount code the order was opened with (decision 077), and what it took off the plan's price. */
  discountCode: z.string().nullable().optional(),
  discountMills: z.number().int().optional(),
  /** "29.99" */
  amount: z.string(),
  currency: z.string(),
  status: OrderStatusSchema,
  /** The payment provider that takes (took) this order's payment, as pages name it ("PayWay"). */
  providerName: z.string(),
  /** A gift (decision 079): the recipient's e-mail; the order carries no buy key then. */
  giftEmail: z.string().nullable().optional(),
  /** Licences in the order: 1, or 2 to 500 for a reseller's bulk order (decision 080), whose keys are on the Reseller page. */
  quantity: z.number().int().optional(),
  /** The licence's buy key once a plan order is fulfilled (never for a gift: the key is the recipient's). */
  buyKey: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Given back so far (refunds, full or partial); the order is `refunded` once it is all of it. */
  refundedMills: z.number().int(),
  /** A renewal (decision 026): the licence it extends; "Try again" of a checkout not completed renews the same one (decision 060). */
  renewLicenseId: z.string().nullable().optional(),
  /**
   * The money-back guarantee, in the transactions history: the latest refund request of the order
   * (null: none), and until when its owner may ask for one (null: not this order, or not any more).
   */
  refundRequest: z.object({ id: z.string(), status: z.enum(["open", "approved", "declined"]), decisionNote: z.string().nullable() }).nullable().optional(),
  refundRequestUntil: z.string().nullable().optional(),
});
export type Order = z.infer<typeof OrderSchema>;

export const CheckoutResponseSchema = z.object({
  order: OrderSchema,
  /** What the browser does to pay (the provider's web component carries it out). */
  checkout: CheckoutInstructionsSchema,
  /**
   * The payment's receipt token: while the provider's window is open the page asks
   * `GET /api/payments/receipts/{receipt}?refresh=1` how the payment stands (declined, cancelled,
   * paid) and says so at once. The subscription tool's return carries the same token.
   */
  receipt: z.string(),
});
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

export const OrderListQuerySchema = z.object({
  /** Case-insensitive match on e-mail or buy key. */
  search: singleLineText().max(200).optional().default(""),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  status: OrderStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const OrderListSchema = z.object({
  orders: z.array(OrderSchema),
  /** Orders matching the filter: exact up to 10,000, else the database's estimate (totalIsEstimate). */
  total: z.number().int(),
  totalIsEstimate: z.boolean(),
  /** Sum of paid orders matching the filter (all pages), less what was refunded of them. */
  totalPaidMills: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OrderList = z.infer<typeof OrderListSchema>;

/**
 * GET /api/payments/receipts/{token}: what a return page may show about its payment without an
 * account (the subscription tool). The token comes with the checkout and its return; no e-mail, no key.
 */
export const ReceiptSchema = z.object({
  status: OrderStatusSchema,
  kind: OrderKindSchema,
  /** The plan's English title (the spec's), or 'Balance Top Up'. */
  planTitle: z.string(),
  /** The plan's length in months, which its title in every language comes from (null: a top-up). */
  planMonths: z.number().int().nullable(),
  /** What the customer pays (after any discount). */
  amountMills: z.number().int(),
  /** The discount code the order was opened with (decision 077), and what it took off the plan's price. */
  discountCode: z.string().nullable().optional(),
  discountMills: z.number().int().optional(),
  /** "29.99" */
  amount: z.string(),
  currency: z.string(),
  paidAt: z.string().nullable(),
  /** The payment provider, as pages name it ("PayWay"). */
  providerName: z.string(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;
export const ReceiptResponseSchema = z.object({ receipt: ReceiptSchema });
