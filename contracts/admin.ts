// The admin console: overview, OTP mail transactions, users and roles, balances, audit log and the
// transactions CSV export. Money is integer mills; the web formats it.
import { z } from "zod";
import { RoleSchema } from "./me";
import { OrderListQuerySchema, OrderSchema } from "./orders";
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

// ---- Overview --------------------------------------------------------------------------------

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone ('Asia/Phnom_Penh'): 'today' and 'this month' are the viewer's. */
export const TimeZoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_+\-/]+$/, "Unknown time zone")
  .refine(isTimeZone, "Unknown time zone");

export const OverviewQuerySchema = z.object({ tz: TimeZoneSchema.default("UTC") });
export type OverviewQuery = z.infer<typeof OverviewQuerySchema>;

export const AdminStatsSchema = z.object({
  totalUsers: z.number().int(),
  /** Distinct e-mails holding a licence that is valid now ('Users with valid licenses'). */
  activeUsers: z.number().int(),
  salesTodayMills: z.number().int(),
  monthlySalesMills: z.number().int(),
  allTimeRevenueMills: z.number().int(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

export const REVENUE_CHART_DAYS = 30;
export const RECENT_TRANSACTIONS = 40;

export const RevenueDaySchema = z.object({
  /** Local day in the requested time zone, 'YYYY-MM-DD'. */
  day: z.string(),
  /** Licence sales: plans bought in the dashboard and through the subscription tool. */
  planMills: z.number().int(),
  topupMills: z.number().int(),
});
export type RevenueDay = z.infer<typeof RevenueDaySchema>;

export const PlanMixEntrySchema = z.object({
  planId: z.string(),
  title: z.string(),
  /** The plan's length (its title in every language comes from it), or null: a plan no longer known. */
  months: z.number().int().nullable(),
  market: z.string().nullable(),
  count: z.number().int(),
  mills: z.number().int(),
});
export type PlanMixEntry = z.infer<typeof PlanMixEntrySchema>;

/** A licence over the abuse thresholds in the last 24 hours (docs/licence-api.md, abuse signals). */
export const SuspiciousLicenseSchema = z.object({
  licenceId: z.string(),
  buyKey: z.string(),
  email: z.string(),
  deviceKey: z.string().nullable(),
  /** Distinct client addresses that used the buy key in 24 hours. */
  addresses: z.number().int(),
  /** Distinct device keys refused for it (another device tried it) in 24 hours. */
  refusedKeys: z.number().int(),
  flaggedAt: z.string(),
  updatedAt: z.string(),
});
export type SuspiciousLicense = z.infer<typeof SuspiciousLicenseSchema>;

export const OverviewSchema = z.object({
  timeZone: z.string(),
  generatedAt: z.string(),
  cards: AdminStatsSchema,
  /** The last 30 days including today, oldest first, days without sales as zero. */
  revenueByDay: z.array(RevenueDaySchema),
  /** Paid licence sales per plan over the same 30 days, most revenue first. */
  planMix: z.array(PlanMixEntrySchema),
  /** The latest 40 orders (any status), newest first. */
  recentTransactions: z.array(OrderSchema),
  /** Licences flagged by the abuse signals in the last 24 hours, the most signals first (20 at most). */
  suspiciousLicences: z.array(SuspiciousLicenseSchema),
  /** The thresholds they crossed (LICENCE_SUSPICIOUS_*): more than this many in 24 hours. */
  suspicionThresholds: z.object({ addresses: z.number().int(), refusedKeys: z.number().int() }),
});
export type Overview = z.infer<typeof OverviewSchema>;

// ---- Shop health (admin): what the Overview's "Shop health" card shows (decision 064) ----------

/** A periodic job on the instance that answered: how late its last good pass is. */
export const WorkerHealthSchema = z.object({
  name: z.string(),
  everySeconds: z.number().int(),
  /** Its last good pass; null: none yet since this instance started it. */
  lastSuccessAt: z.string().nullable(),
  /** Seconds since its last good pass (or since it was started, before the first). */
  lagSeconds: z.number().int(),
  failingInARow: z.number().int(),
  /** Late by ALERT_WORKER_LATE_PERIODS of its periods, or failing as many passes in a row. */
  stalled: z.boolean(),
});
export type WorkerHealth = z.infer<typeof WorkerHealthSchema>;

/** A queue of work not yet sent: the e-mail outbox, or the webhook and Telegram deliveries. */
export const BacklogHealthSchema = z.object({
  /** Not sent yet (e-mails: pending; deliveries: pending, retried or not). */
  pending: z.number().int(),
  /** Of those, already tried and waiting to be tried again. */
  retrying: z.number().int(),
  /** Due now (their next attempt's time has come). */
  due: z.number().int(),
  /** Given up on (e-mails: dead; deliveries: failed). */
  failed: z.number().int(),
  /** How long the oldest due one has waited, in seconds; null: nothing due. */
  oldestDueSeconds: z.number().int().nullable(),
  /** At or past ALERT_OUTBOX_BACKLOG due, or the oldest due ALERT_OUTBOX_MINUTES old. */
  backedUp: z.boolean(),
});
export type BacklogHealth = z.infer<typeof BacklogHealthSchema>;

export const ShopHealthSchema = z.object({
  generatedAt: z.string(),
  /** The periodic jobs of the instance that answered (none when it runs with WORKERS=off). */
  workers: z.array(WorkerHealthSchema),
  emailOutbox: BacklogHealthSchema,
  deliveries: BacklogHealthSchema,
  /** The order reconciler's last good pass on this instance; null: it does not run here. */
  reconciliation: z
    .object({
      at: z.string().nullable(),
      /** Pending checkouts asked of the provider, and of those settled (paid, failed or closed). */
      checked: z.number().int(),
      settled: z.number().int(),
      /** Refunds made at the provider or recorded, applied to their goods. */
      refundsApplied: z.number().int(),
      stalled: z.boolean(),
    })
    .nullable(),
  backup: z.object({
    /** BACKUP_EVERY is set. */
    configured: z.boolean(),
    lastAt: z.string().nullable(),
    lastOk: z.boolean().nullable(),
    lastError: z.string().nullable(),
    lastGoodAt: z.string().nullable(),
    /** The last scheduled backup failed. */
    failed: z.boolean(),
  }),
  /** The owner's open incidents (what the owner has been told and is not resolved yet). */
  openIncidents: z.array(z.object({ kind: z.string(), openedAt: z.string() })),
  /** Anything above needs the owner's attention. */
  attention: z.boolean(),
});
export type ShopHealth = z.infer<typeof ShopHealthSchema>;

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
