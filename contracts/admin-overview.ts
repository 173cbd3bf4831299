// The admin console's Overview: the viewer's time zone, the cards, revenue by day, the plan mix,
// suspicious licences, recent transactions, and the "Shop health" card (decision 064).
import { z } from "zod";
import { OrderSchema } from "./orders";

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
