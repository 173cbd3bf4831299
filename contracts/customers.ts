// The admin console's customers (issue #16): one search box, the customer's page and the licence
// actions. A customer is an e-mail (lower-cased): an account may exist for it or not (buyers on
// the subscription tool have none). Money is integer mills; the web formats it.
import { z } from "zod";
import { AuditEntrySchema } from "./admin";
import { LicenseHistoryEntrySchema, LicenseStatusSchema } from "./licenses";
import { RoleSchema } from "./me";
import { OrderSchema } from "./orders";
import { OtpOrderSchema } from "./otp-mail";
import { multiLineText, singleLineText } from "./text";

// ---- Search ----------------------------------------------------------------------------------

export const SEARCH_MIN_LENGTH = 2;
/** At most this many customers per search. */
export const SEARCH_LIMIT = 20;
export const SEARCH_MESSAGES = {
  short: `Type at least ${SEARCH_MIN_LENGTH} characters to search.`,
  long: "The search can be 200 characters at most.",
} as const;

export const CustomerSearchQuerySchema = z.object({
  /** An e-mail or name (part of it), or a whole buy key, device key, PayWay tran_id or API key. */
  q: singleLineText().min(SEARCH_MIN_LENGTH, SEARCH_MESSAGES.short).max(200, SEARCH_MESSAGES.long),
});
export type CustomerSearchQuery = z.infer<typeof CustomerSearchQuerySchema>;

export const SearchMatchSchema = z.enum(["email", "name", "buyKey", "deviceKey", "tranId", "apiKey"]);
export type SearchMatch = z.infer<typeof SearchMatchSchema>;

export const CustomerHitSchema = z.object({
  email: z.string(),
  /** The account's display name, when there is an account and it has one. */
  name: z.string().optional(),
  /** The account's id; absent for buyers without an account. */
  accountId: z.string().optional(),
  matchedBy: SearchMatchSchema,
});
export type CustomerHit = z.infer<typeof CustomerHitSchema>;
export const CustomerSearchSchema = z.object({ customers: z.array(CustomerHitSchema) });
export type CustomerSearch = z.infer<typeof CustomerSearchSchema>;

// ---- The customer's page ---------------------------------------------------------------------

/** The {email} of /api/admin/customers/{email} (URL-encoded): compared lower-cased. */
export const CustomerEmailSchema = singleLineText()
  .min(3, "Not an e-mail address")
  .max(254, "Not an e-mail address")
  .refine((v) => v.includes("@") && !/\s/.test(v), "Not an e-mail address");
export const CustomerParamsSchema = z.object({ email: CustomerEmailSchema });

/** Each section lists at most this many rows, newest first, with its total. */
export const CUSTOMER_SECTION_LIMIT = 100;

export const CustomerAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  role: RoleSchema,
  superAdmin: z.boolean(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string().nullable(),
});
export type CustomerAccount = z.infer<typeof CustomerAccountSchema>;

/** What the licence API saw of a licence (licence_signals: distinct values per hour, kept 48 hours). */
export const LicenseActivitySchema = z.object({
  /** The latest hour with a call of the desktop tool (ISO, the start of the hour), or null. */
  lastSeenHour: z.string().nullable(),
  /** The client addresses of that hour. */
  lastSeenAddresses: z.array(z.string()),
  /** Distinct client addresses in the last 24 hours. */
  addresses24h: z.number().int(),
  /** Distinct device keys refused for it (another device tried it) in the last 24 hours. */
  refusedKeys24h: z.number().int(),
  /** Over a suspicion threshold in the last 24 hours (the Overview lists it). */
  flagged: z.boolean(),
});
export type LicenseActivity = z.infer<typeof LicenseActivitySchema>;

export const AdminLicenseSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  buyKey: z.string(),
  /** The device key it is bound to. */
  deviceKey: z.string().nullable(),
  planId: z.string().nullable(),
  planTitle: z.string().nullable(),
  /** The plan's length (its title in every language comes from it), or null. */
  planMonths: z.number().int().nullable(),
  /** The plan's key changes: what "reset changes left" restores by default. */
  planKeyChanges: z.number().int().nullable(),
  status: LicenseStatusSchema,
  startDate: z.string().nullable(),
  expireDate: z.string().nullable(),
  /** Days the term runs from first activation. */
  termDays: z.number().int(),
  changesLeft: z.number().int(),
  suspendedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  orderId: z.string().nullable(),
  activity: LicenseActivitySchema,
});
export type AdminLicense = z.infer<typeof AdminLicenseSchema>;

export const CustomerOrderSchema = OrderSchema.extend({
  /** Who took the payment ("payway"). */
  provider: z.string(),
  /** The provider's approval reference (PayWay's apv), once paid. */
  providerRef: z.string().nullable(),
  refundedMills: z.number().int(),
  /** Subscription tool: the device key the payment extends. */
  deviceKey: z.string().nullable(),
});
export type CustomerOrder = z.infer<typeof CustomerOrderSchema>;

export const LedgerEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  deltaMills: z.number().int(),
  balanceAfterMills: z.number().int(),
  reason: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  /** The admin who adjusted it (admin_adjustment). */
  actorEmail: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const CustomerApiKeySchema = z.object({
  id: z.string(),
  /** The key's last 4 characters: the key is a credential, admins do not need it whole. */
  keyEnd: z.string(),
  balanceMills: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type CustomerApiKey = z.infer<typeof CustomerApiKeySchema>;

const section = <T extends z.ZodTypeAny>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

export const CustomerViewSchema = z.object({
  email: z.string(),
  /** Null: no account (buys without signing in). */
  account: CustomerAccountSchema.nullable(),
  licences: section(AdminLicenseSchema),
  orders: section(CustomerOrderSchema),
  balance: z.object({ apiKey: CustomerApiKeySchema.nullable(), ledger: section(LedgerEntrySchema) }),
  otpOrders: section(OtpOrderSchema),
  history: section(LicenseHistoryEntrySchema),
  /** What admins (and the abuse check) did to the account, its API key, licences and orders. */
  audit: section(AuditEntrySchema),
});
export type CustomerView = z.infer<typeof CustomerViewSchema>;

// ---- Licence actions -------------------------------------------------------------------------

export const REASON_MESSAGES = {
  short: "Give a reason (3 characters at least).",
  long: "The reason can be 500 characters at most.",
} as const;
/** Every action needs one: it goes to the audit log, never to the customer. */
export const ReasonSchema = multiLineText().min(3, REASON_MESSAGES.short).max(500, REASON_MESSAGES.long);

export const MAX_EXTEND_DAYS = 3650;
export const MAX_CHANGES_LEFT = 10_000;

export const LicenseActionBodySchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("extend"),
    days: z.number().int("Whole days only").min(1, "1 day at least").max(MAX_EXTEND_DAYS, `${MAX_EXTEND_DAYS} days at most`),
    reason: ReasonSchema,
  }),
  z.object({ action: z.literal("suspend"), reason: ReasonSchema }),
  z.object({ action: z.literal("resume"), reason: ReasonSchema }),
  z.object({ action: z.literal("revoke"), reason: ReasonSchema }),
  z.object({
    action: z.literal("reset-changes"),
    /** Default: the plan's key changes. */
    changesLeft: z.number().int("A whole number").min(0, "0 at least").max(MAX_CHANGES_LEFT, `${MAX_CHANGES_LEFT} at most`).optional(),
    reason: ReasonSchema,
  }),
  z.object({ action: z.literal("release-device"), reason: ReasonSchema }),
  z.object({ action: z.literal("resend-key"), reason: ReasonSchema }),
]);
export type LicenseActionBody = z.infer<typeof LicenseActionBodySchema>;
export type LicenseActionName = LicenseActionBody["action"];

export const IssueLicenseBodySchema = z.object({
  planId: singleLineText().min(1, "Choose a plan").max(64, "Unknown plan"),
  name: singleLineText().max(100, "Name is too long (100 characters at most)").optional(),
  reason: ReasonSchema,
});
export type IssueLicenseBody = z.infer<typeof IssueLicenseBodySchema>;

/** The licence as it now stands, and a sentence for the toast. */
export const LicenseActionResponseSchema = z.object({ licence: AdminLicenseSchema, message: z.string() });
export type LicenseActionResponse = z.infer<typeof LicenseActionResponseSchema>;

/** The audit log's names for the actions (target: the licence). */
export const LICENCE_AUDIT_ACTIONS = {
  issue: "licence.issue",
  extend: "licence.extend",
  suspend: "licence.suspend",
  resume: "licence.resume",
  revoke: "licence.revoke",
  "reset-changes": "licence.reset_changes",
  "release-device": "licence.release_device",
  "resend-key": "licence.resend_key",
} as const satisfies Record<LicenseActionName | "issue", `licence.${string}`>;

/** 409 codes of the actions. */
export const LICENCE_ACTION_REFUSALS = {
  LICENSE_REVOKED: "This licence was revoked: it cannot be changed any more.",
  ALREADY_SUSPENDED: "This licence is already suspended.",
  NOT_SUSPENDED: "This licence is not suspended.",
  NOT_BOUND: "This licence is not bound to a device.",
} as const;
