// The admin console: overview, OTP mail transactions, users and roles, balances, audit log and the
// transactions CSV export. Money is integer mills; the web formats it.
// The Overview and shop health: admin-overview.ts (re-exported here).
import { z } from "zod";
import { RoleSchema } from "./me";
import { OrderListQuerySchema } from "./orders";
import { OtpOrderSchema } from "./otp-mail";
import { multiLineText, singleLineText } from "./text";
import { parseDollars } from "./money";

const Page = z.coerce.number().int().min(1).max(100_000).default(1);
const Search = singleLineText().max(200).optional().default("");
const IsoDateTime = z.iso.datetime({ offset: true });

/** The page sizes the spec's Manage Balances offers (User Management uses the same). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
const PageSize = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), "Page size must be 10, 25, 50 or 100")
  .meta({ enum: [...PAGE_SIZES] })
  .default(10);

export * from "./admin-overview";

// ---- Transactions history (admin): the CSV export of the filtered orders ---------------------

/** The filters of GET /api/orders, without paging: every matching row is exported. */
export const OrderExportQuerySchema = OrderListQuerySchema.pick({ search: true, from: true, to: true, status: true });
export type OrderExportQuery = z.infer<typeof OrderExportQuerySchema>;
export const ORDERS_CSV_PATH = "/api/admin/orders.csv";

// ---- Gmail OTP transactions ------------------------------------------------------------------

export const AdminOtpQuerySchema = z.object({
  /** Case-insensitive: part of the address or the service, or a whole API key. */
  search: Search,
  from: IsoDateTime.optional(),
  to: IsoDateTime.optional(),
  page: Page,
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminOtpQuery = z.infer<typeof AdminOtpQuerySchema>;

export const AdminOtpOrderSchema = OtpOrderSchema.extend({
  /** The supplier's id for the address (the spec's id_gmail). */
  supplierRef: z.string().nullable(),
  costMills: z.number().int(),
  userEmail: z.string().nullable(),
});
export type AdminOtpOrder = z.infer<typeof AdminOtpOrderSchema>;

export const AdminOtpListSchema = z.object({
  orders: z.array(AdminOtpOrderSchema),
  /** Orders matching the filter: exact up to 10,000, else the database's estimate (totalIsEstimate); the money totals are always exact. */
  total: z.number().int(),
  totalIsEstimate: z.boolean(),
  /** What buyers paid for orders that were not refunded (every page of the filter). */
  totalSpentMills: z.number().int(),
  /** Profit: (price − cost) of every successful order of the filter. */
  totalRevenueMills: z.number().int(),
  successCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOtpList = z.infer<typeof AdminOtpListSchema>;

// ---- User management -------------------------------------------------------------------------

export const UserListQuerySchema = z.object({ search: Search, page: Page, pageSize: PageSize });
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  role: RoleSchema,
  superAdmin: z.boolean(),
  /** A reseller (decision 080): may buy licences in bulk and assign them. */
  reseller: z.boolean(),
  /** An authenticator app is enrolled (it or a passkey is required for the admin console). */
  twoFactorEnabled: z.boolean(),
  /** The account has at least one passkey (decision 038). */
  passkeyEnabled: z.boolean(),
  createdAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const UserListSchema = z.object({
  users: z.array(AdminUserSchema),
  total: z.number().int(),
  /** Users matching: exact up to 10,000, else the database's estimate (totalIsEstimate; decision 059). */
  totalIsEstimate: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UserList = z.infer<typeof UserListSchema>;

export const UpdateRoleBodySchema = z.object({ role: RoleSchema });
export type UpdateRoleBody = z.infer<typeof UpdateRoleBodySchema>;
/** PATCH /api/admin/users/{id}/reseller: the user as now; `changed` false when it was so already. */
export const UpdateResellerResponseSchema = z.object({ user: AdminUserSchema, changed: z.boolean() });
export const UpdateRoleResponseSchema = z.object({ user: AdminUserSchema, changed: z.boolean() });
/** POST /api/admin/users/{id}/two-factor/reset: the user as now; `changed` false when none was enrolled. */
export const ResetTwoFactorResponseSchema = z.object({ user: AdminUserSchema, changed: z.boolean() });
export const TWO_FACTOR_RESET_MESSAGES = {
  self: "Turn your own two-factor authentication off in Profile.",
  done: "Two-factor authentication was reset: they were signed out and set it up again at their next sign-in.",
} as const;

export const ROLE_MESSAGES = {
  updatedTitle: "Role updated",
  updated: "User role has been updated successfully",
  errorTitle: "Error updating role",
  selfDemotion: "You cannot remove your own admin role.",
  lastSuperAdmin: "The last super-admin cannot lose the admin role.",
  notFound: "User not found",
} as const;

// ---- Manage balances -------------------------------------------------------------------------

export const BALANCE_SORTS = ["none", "balance_desc", "balance_asc"] as const;
export const BalanceSortSchema = z.enum(BALANCE_SORTS);
export type BalanceSort = z.infer<typeof BalanceSortSchema>;
export const BALANCE_SORT_LABELS: Record<BalanceSort, string> = {
  none: "No sorting",
  balance_desc: "Highest balance",
  balance_asc: "Lowest balance",
};

export const BalanceListQuerySchema = z.object({
  /** Case-insensitive part of the e-mail or name, or a whole API key. */
  search: Search,
  sort: BalanceSortSchema.default("none"),
  page: Page,
  pageSize: PageSize,
});
export type BalanceListQuery = z.infer<typeof BalanceListQuerySchema>;

export const BalanceKeySchema = z.object({
  id: z.string(),
  key: z.string(),
  balanceMills: z.number().int(),
  isActive: z.boolean(),
});
export const BalanceUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  apiKeys: z.array(BalanceKeySchema),
});
export type BalanceUser = z.infer<typeof BalanceUserSchema>;
export const BalanceListSchema = z.object({
  users: z.array(BalanceUserSchema),
  total: z.number().int(),
  /** Users matching: exact up to 10,000, else the database's estimate (totalIsEstimate; decision 059). */
  totalIsEstimate: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type BalanceList = z.infer<typeof BalanceListSchema>;

/** The spec's texts; the toast title comes first, the description second. */
export const BALANCE_MESSAGES = {
  invalidTitle: "Invalid amount",
  invalid: "Please enter a valid positive number",
  invalidOperationTitle: "Invalid operation",
  negative: "Balance cannot be negative",
  notFound: "API key not found",
  successTitle: "Success",
  added: "Balance added successfully",
  subtracted: "Balance subtracted successfully",
  errorTitle: "Error",
} as const;

export const MAX_ADJUSTMENT_MILLS = 1_000_000_000; // $1,000,000

/** The dollars an admin typed (up to 3 decimals: mills) as mills, through the digits; null unless positive and at most $1,000,000. */
export function parseAdjustmentAmount(text: string): number | null {
  const mills = parseDollars(text, { decimals: 3, max: MAX_ADJUSTMENT_MILLS });
  return mills !== null && mills > 0 ? mills : null;
}

/** The adjustment on the wire: positive integer mills, at most $1,000,000. */
export const AdjustmentMillsSchema = z
  .number(BALANCE_MESSAGES.invalid)
  .int(BALANCE_MESSAGES.invalid)
  .min(1, BALANCE_MESSAGES.invalid)
  .max(MAX_ADJUSTMENT_MILLS, BALANCE_MESSAGES.invalid)
  .meta({ description: `Positive integer mills (1/1000 of a dollar), at most ${MAX_ADJUSTMENT_MILLS} (1,000,000 dollars)` });

export const AdjustBalanceBodySchema = z.object({
  apiKeyId: singleLineText().min(1, BALANCE_MESSAGES.notFound).max(64, BALANCE_MESSAGES.notFound),
  operation: z.enum(["add", "subtract"]),
  amountMills: AdjustmentMillsSchema,
  note: multiLineText().max(500).optional(),
});
export type AdjustBalanceBody = z.input<typeof AdjustBalanceBodySchema>;

export const AdjustBalanceResponseSchema = z.object({
  apiKeyId: z.string(),
  operation: z.enum(["add", "subtract"]),
  amountMills: z.number().int(),
  balanceBeforeMills: z.number().int(),
  balanceAfterMills: z.number().int(),
  message: z.string(),
});
export type AdjustBalanceResponse = z.infer<typeof AdjustBalanceResponseSchema>;

// ---- Audit log -------------------------------------------------------------------------------

export const AUDIT_ACTIONS = [
  "user.role",
  "user.two_factor_reset",
  // The reseller flag (decision 080): before and after { reseller }.
  "user.reseller",
  "balance.adjust",
  "licence.suspicious",
  // Refunds (decision 024).
  "order.refund",
  "refund_request.approve",
  "refund_request.decline",
  // Licence actions from the customer's page (contracts/customers.ts, LICENCE_AUDIT_ACTIONS).
  "licence.issue",
  "licence.extend",
  "licence.suspend",
  "licence.resume",
  "licence.revoke",
  "licence.reset_changes",
  "licence.release_device",
  "licence.resend_key",
  // The catalogue the seller runs (decision 074): target type "plan" (a market for a reorder).
  "plan.create",
  "plan.update",
  "plan.retire",
  "plan.restore",
  "plan.reorder",
  // Discount codes (decision 077): target type "discount", its code as the target id.
  "discount.create",
  "discount.update",
] as const;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;
export const AuditQuerySchema = z.object({
  action: AuditActionSchema.optional(),
  page: Page,
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

const JsonObject = z.record(z.string(), z.unknown()).nullable();
export const AuditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** The user concerned: the user whose role changed, the key's or the licence's owner. */
  targetEmail: z.string().nullable(),
  before: JsonObject,
  after: JsonObject,
  note: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditListSchema = z.object({
  entries: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditList = z.infer<typeof AuditListSchema>;
