// Discount codes (issue #33 item 2, decision 077): what the seller creates on the Discount codes
// page (super-admin) and what a customer enters at a checkout. Amounts are integer mills in whole
// cents; a percent is a whole number. The server prices every order: a client never sends an
// amount, only the code, and the checkout answers with the discounted order.
import { z } from "zod";
import { isWholeCents } from "./money";
import { MARKETS } from "./plan-catalogue";
import { emptyMeansNone, singleLineText } from "./text";

/**
 * The least a discounted order may cost: PayWay refuses a zero amount (its error 45) and takes
 * USD down to $0.01, so a discount never takes a price below one cent (decision 077).
 */
export const MIN_DISCOUNTED_MILLS = 10;
export const MAX_DISCOUNT_PERCENT = 99;
export const MAX_DISCOUNT_FIXED_MILLS = 10_000_000;
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

/** The English messages of the code field (the web words them through its translator, by code). */
export const DISCOUNT_MESSAGES = {
  format: "A code is 3 to 32 letters, digits, - or _",
} as const;

/**
 * A code as customers type it: case and surrounding spaces do not matter ("khmer-ny " is
 * KHMER-NY). Unknown, expired, used up… are the server's answers (error codes DISCOUNT_*).
 */
export const DiscountCodeSchema = singleLineText(DISCOUNT_MESSAGES.format)
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(DISCOUNT_CODE_PATTERN, DISCOUNT_MESSAGES.format))
  .meta({ description: "A discount code: 3–32 letters, digits, - or _ (case does not matter)" });

/** At a checkout: an optional code; an empty field is no code. */
export const OptionalDiscountCodeSchema = emptyMeansNone(DiscountCodeSchema);

export const DiscountKindSchema = z.enum(["percent", "fixed"]);
export type DiscountKind = z.infer<typeof DiscountKindSchema>;

const Iso = z.iso.datetime({ offset: true });

/** What the seller sets (create); every rule of a code. Empty plan ids / markets: every plan / market. */
export const DiscountRulesSchema = z.object({
  kind: DiscountKindSchema,
  /** percent: 1–99 (whole percent); fixed: mills in whole cents, $0.01 to $10,000. */
  value: z.number().int().min(1),
  planIds: z.array(singleLineText().max(64)).max(50).default([]),
  markets: z.array(z.enum(MARKETS)).max(MARKETS.length).default([]),
  startsAt: Iso.nullable().default(null),
  endsAt: Iso.nullable().default(null),
  /** Uses in all (null: no limit). A use is a paid order, or a checkout still open (decision 077). */
  maxUses: z.number().int().min(1).max(1_000_000).nullable().default(null),
  /** Uses per customer (one account, or one e-mail without an account); null: no limit. */
  maxUsesPerCustomer: z.number().int().min(1).max(1_000).nullable().default(null),
  /** Only a customer with no paid plan order before. */
  firstPurchaseOnly: z.boolean().default(false),
  /** The seller's own note ("Sokha's YouTube, Pchum Ben"): never shown to customers. */
  note: singleLineText().max(200).default(""),
});

function refineRules(rules: { kind?: DiscountKind; value?: number; startsAt?: string | null; endsAt?: string | null }, ctx: z.RefinementCtx) {
  if (rules.kind === "percent" && rules.value !== undefined && rules.value > MAX_DISCOUNT_PERCENT)
    ctx.addIssue({ code: "custom", path: ["value"], message: `A percent discount is 1 to ${MAX_DISCOUNT_PERCENT}` });
  if (rules.kind === "fixed" && rules.value !== undefined && (!isWholeCents(rules.value) || rules.value > MAX_DISCOUNT_FIXED_MILLS))
    ctx.addIssue({ code: "custom", path: ["value"], message: "A fixed discount is whole cents, $0.01 to $10,000" });
  if (rules.startsAt && rules.endsAt && Date.parse(rules.endsAt) <= Date.parse(rules.startsAt))
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end must be after the start" });
}

export const CreateDiscountBodySchema = DiscountRulesSchema.extend({ code: DiscountCodeSchema }).superRefine(refineRules);
export type CreateDiscountBody = z.input<typeof CreateDiscountBodySchema>;

/**
 * What the seller may change of a code: its window, limits, note, and whether it is on (a code
 * switched off is refused at checkout; its uses stay). Its code, kind and value are what
 * customers were promised: make a new code instead.
 */
export const UpdateDiscountBodySchema = z
  .object({
    startsAt: Iso.nullable(),
    endsAt: Iso.nullable(),
    maxUses: z.number().int().min(1).max(1_000_000).nullable(),
    maxUsesPerCustomer: z.number().int().min(1).max(1_000).nullable(),
    note: singleLineText().max(200),
    active: z.boolean(),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, "Change at least one field");
export type UpdateDiscountBody = z.infer<typeof UpdateDiscountBodySchema>;

export const DiscountSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: DiscountKindSchema,
  value: z.number().int(),
  planIds: z.array(z.string()),
  markets: z.array(z.enum(MARKETS)),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  firstPurchaseOnly: z.boolean(),
  note: z.string(),
  active: z.boolean(),
  /** Paid orders that used it (refunded ones included) and checkouts holding a use now. */
  usesPaid: z.number().int(),
  usesHeld: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DiscountDto = z.infer<typeof DiscountSchema>;
export const DiscountListSchema = z.object({ discounts: z.array(DiscountSchema) });

/** A code's page: its rules, what it earned and what was given back, and its orders (newest first). */
export const DiscountReportSchema = z.object({
  discount: DiscountSchema,
  /** Paid with the code: what customers paid, what the code took off, what was refunded since. */
  revenueMills: z.number().int(),
  discountedMills: z.number().int(),
  refundedMills: z.number().int(),
  refundedOrders: z.number().int(),
  orders: z.array(
    z.object({
      tranId: z.string(),
      email: z.string(),
      planTitle: z.string(),
      planMonths: z.number().int().nullable(),
      status: z.enum(["pending", "paid", "failed", "cancelled", "refunded"]),
      amountMills: z.number().int(),
      discountMills: z.number().int(),
      refundedMills: z.number().int(),
      createdAt: z.string(),
      paidAt: z.string().nullable(),
    }),
  ),
});
export type DiscountReport = z.infer<typeof DiscountReportSchema>;

export const DiscountIdParamSchema = z.object({ id: z.string().max(64) });

/**
 * POST /api/discounts/quote (no sign-in needed; rate-limited): what a code takes off a plan, so
 * the page shows the new price before paying. The checkout checks again, under lock: a quote
 * holds nothing. The per-customer and first-purchase rules answer for a signed-in customer only
 * (an e-mail typed by anyone would tell a stranger about that address); else the checkout tells.
 */
export const DiscountQuoteBodySchema = z.object({
  code: DiscountCodeSchema,
  planId: singleLineText().min(1).max(64),
});
export const DiscountQuoteSchema = z.object({
  code: z.string(),
  planId: z.string(),
  priceMills: z.number().int(),
  discountMills: z.number().int(),
  amountMills: z.number().int(),
});
export type DiscountQuote = z.infer<typeof DiscountQuoteSchema>;

/**
 * The discount of a price, in whole cents, rounded down (the customer never pays a fraction of a
 * cent, the seller never gives more than the code says), and never so large that the price falls
 * below MIN_DISCOUNTED_MILLS.
 */
export function discountOf(priceMills: number, kind: DiscountKind, value: number): number {
  const raw = kind === "percent" ? Math.floor((priceMills * value) / 100) : value;
  const cents = Math.floor(raw / 10) * 10;
  return Math.max(0, Math.min(cents, priceMills - MIN_DISCOUNTED_MILLS));
}
