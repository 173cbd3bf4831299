// The admin console's API. Access is decided before any input is read: every /admin route needs
// the admin role, and users, balances and the audit log also need the super-admin flag.
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { stream } from "hono/streaming";
import {
  AdjustBalanceBodySchema,
  AdjustBalanceResponseSchema,
  AdminOtpListSchema,
  AdminOtpQuerySchema,
  AdminStatsSchema,
  AuditListSchema,
  AuditQuerySchema,
  BalanceListQuerySchema,
  BalanceListSchema,
  OrderExportQuerySchema,
  OverviewQuerySchema,
  OverviewSchema,
  ShopHealthSchema,
  UpdateResellerResponseSchema,
  UpdateRoleBodySchema,
  ResetTwoFactorResponseSchema,
  UpdateRoleResponseSchema,
  UserListQuerySchema,
  UserListSchema,
} from "../../../contracts/admin";
import {
  CustomerParamsSchema,
  CustomerSearchQuerySchema,
  CustomerSearchSchema,
  CustomerViewSchema,
  IssueLicenseBodySchema,
  LicenseActionBodySchema,
  LicenseActionResponseSchema,
} from "../../../contracts/customers";
import { UpdateResellerBodySchema } from "../../../contracts/reseller";
import { guard, requireAdmin, requireSuperAdmin, type AppEnv } from "../../auth/context";
import type { Db } from "../../db/client";
import type { Logger } from "../../lib/logger";
import { ANY_BODY, errorResponses, json, JSON_BODY, jsonBody, SESSION, TAG_NAMES, type ErrorStatus } from "../../lib/openapi";
import { changeUserRole, resetTwoFactor, setReseller } from "../users/service";
import type { LicenseCache } from "../licenses/cache";
import { issueLicense, runLicenseAction } from "../licenses/admin-actions";
import { listAudit } from "./audit";
import { adjustBalance, listBalances } from "./balances";
import { getCustomer } from "./customers";
import { searchCustomers } from "./search";
import { csvFileName, ordersCsv } from "./orders-export";
import { listOtpTransactions } from "./otp-transactions";
import type { SuspicionThresholds } from "../../config";
import { getAdminStats, getOverview } from "./overview";
import { listUsers } from "./users";
import { readShopHealth, type HealthThresholds } from "../health/read-model";

const ADMIN_403 =
  "FORBIDDEN: not an admin (or not a super-admin where the operation says so); SECOND_FACTOR_REQUIRED: an admin whose session has not passed its second factor";
/** Every admin operation: refused without a session (401) or the role (403), before any input is read. */
const errors = (statuses: ErrorStatus[], descriptions: Partial<Record<ErrorStatus, string>> = {}) =>
  errorResponses([401, 403, ...statuses], { 403: ADMIN_403, ...descriptions });
/** A state change: INVALID_ORIGIN too. */
const CHANGE_403 = `${ADMIN_403}; INVALID_ORIGIN: the request carries the session cookie but comes from another site`;
const common = { tags: [TAG_NAMES.admin], security: SESSION };
const UserIdParam = z.object({ id: z.string().max(64).openapi({ description: "The user's id" }) });
/** The routes that need the super-admin flag besides the admin role. */
export const SUPER_ADMIN_PATHS = ["/admin/users", "/admin/users/*", "/admin/balances", "/admin/balances/*", "/admin/audit"] as const;

const overviewRoute = createRoute({
  method: "get",
  path: "/admin/overview",
  operationId: "getAdminOverview",
  ...common,
  summary: "Overview of the shop (admin)",
  description: "The Overview page: cards, 30-day revenue by day (licences and top-ups apart), plan mix, the latest 40 orders and suspicious licences; days in the requested time zone.",
  request: { query: OverviewQuerySchema },
  responses: { 200: json(OverviewSchema, "Figures in mills; days in the requested time zone"), ...errors([422], { 422: "VALIDATION_FAILED: unknown time zone" }) },
});
const statsRoute = createRoute({
  method: "get",
  path: "/admin/stats",
  operationId: "getAdminStats",
  ...common,
  summary: "The Overview's cards (admin)",
  description: "The Overview's cards only: users, users with valid licences, sales today and this month, all-time revenue; days in UTC.",
  responses: { 200: json(AdminStatsSchema, "Figures in mills"), ...errors([]) },
});
const healthRoute = createRoute({
  method: "get",
  path: "/admin/health",
  operationId: "getShopHealth",
  ...common,
  summary: "The shop's health (admin)",
  description:
    "The Overview's Shop health card (decision 064): each periodic job's lag and whether it is stalled (the answering instance's jobs), the e-mail outbox's and the webhook and Telegram deliveries' backlogs, the order reconciler's last pass, the last backup, and the owner's open incidents.",
  responses: { 200: json(ShopHealthSchema, "Ages in seconds, times as ISO 8601"), ...errors([]) },
});
const ordersCsvRoute = createRoute({
  method: "get",
  path: "/admin/orders.csv",
  operationId: "exportOrdersCsv",
  ...common,
  summary: "Transactions history as CSV (admin)",
  description: "Every order matching the filters of GET /api/orders, newest first, as a CSV file.",
  request: { query: OrderExportQuerySchema },
  responses: { 200: { description: "text/csv, newest first", content: { "text/csv": { schema: z.string() } } }, ...errors([422]) },
});
const otpRoute = createRoute({
  method: "get",
  path: "/admin/otp-orders",
  operationId: "listAdminOtpOrders",
  ...common,
  summary: "Every user's OTP mail orders (admin)",
  description: "Gmail OTP transactions of every user, filtered and paged, with the filter's Total Spent and Total Revenue.",
  request: { query: AdminOtpQuerySchema },
  responses: { 200: json(AdminOtpListSchema, "A page of orders and the filter's totals"), ...errors([422]) },
});
const usersRoute = createRoute({
  method: "get",
  path: "/admin/users",
  operationId: "listUsers",
  ...common,
  summary: "Users (super-admin)",
  description: "User Management: users searched and paged.",
  request: { query: UserListQuerySchema },
  responses: { 200: json(UserListSchema, "A page of users"), ...errors([422]) },
});
const roleRoute = createRoute({
  method: "patch",
  path: "/admin/users/{id}/role",
  operationId: "setUserRole",
  ...common,
  summary: "Set a user's role (super-admin)",
  description: "Makes a user a user or an admin; audited. Setting the role the user has changes nothing.",
  request: { params: UserIdParam, ...jsonBody(UpdateRoleBodySchema) },
  responses: {
    200: json(UpdateRoleResponseSchema, "The user as now"),
    ...errors([404, 409, ...JSON_BODY], { 403: CHANGE_403, 404: "NOT_FOUND: no such user", 409: "SELF_DEMOTION or LAST_SUPER_ADMIN" }),
  },
});
const resellerRoute = createRoute({
  method: "patch",
  path: "/admin/users/{id}/reseller",
  operationId: "setUserReseller",
  ...common,
  summary: "Mark or unmark a user as a reseller (super-admin)",
  description: "A reseller buys licences in bulk and assigns them to end customers (decision 080); audited. Setting what is already so changes nothing.",
  request: { params: UserIdParam, ...jsonBody(UpdateResellerBodySchema) },
  responses: {
    200: json(UpdateResellerResponseSchema, "The user as now"),
    ...errors([404, ...JSON_BODY], { 403: CHANGE_403, 404: "NOT_FOUND: no such user" }),
  },
});
const resetTwoFactorRoute = createRoute({
  method: "post",
  path: "/admin/users/{id}/two-factor/reset",
  operationId: "resetUserTwoFactor",
  ...common,
  summary: "Reset a user's two-factor authentication (super-admin)",
  description: "Removes the user's authenticator and ends their sessions; audited. One's own is turned off in Profile.",
  request: { params: UserIdParam },
  responses: {
    200: json(ResetTwoFactorResponseSchema, "The user as now"),
    ...errors([404, 409, 422, ...ANY_BODY], { 403: CHANGE_403, 404: "NOT_FOUND: no such user", 409: "SELF_RESET: one's own is turned off in Profile" }),
  },
});
const balancesRoute = createRoute({
  method: "get",
  path: "/admin/balances",
  operationId: "listBalances",
  ...common,
  summary: "Users with their API keys and balances (super-admin)",
  description: "Manage Balance: users with their API keys and balances, searched, sorted and paged.",
  request: { query: BalanceListQuerySchema },
  responses: { 200: json(BalanceListSchema, "A page of users"), ...errors([422]) },
});
const adjustRoute = createRoute({
  method: "post",
  path: "/admin/balances/adjust",
  operationId: "adjustBalance",
  ...common,
  summary: "Add to or subtract from a key's balance (super-admin)",
  description: "Changes an API key's balance through the ledger; audited.",
  request: jsonBody(AdjustBalanceBodySchema),
  responses: {
    200: json(AdjustBalanceResponseSchema, "The balance before and after"),
    ...errors([402, 404, ...JSON_BODY], { 402: "INSUFFICIENT_FUNDS: a subtraction below zero; nothing was changed", 403: CHANGE_403, 404: "API_KEY_NOT_FOUND" }),
  },
});
const auditRoute = createRoute({
  method: "get",
  path: "/admin/audit",
  operationId: "listAuditEntries",
  ...common,
  summary: "Audit log (super-admin)",
  description: "Role changes, balance adjustments and suspicious licences, newest first.",
  request: { query: AuditQuerySchema },
  responses: { 200: json(AuditListSchema, "A page of entries"), ...errors([422]) },
});

const searchRoute = createRoute({
  method: "get",
  path: "/admin/search",
  operationId: "searchCustomers",
  ...common,
  summary: "Find customers from one box (admin)",
  description: "By a part of an e-mail or name, or a whole buy key, device key, payment reference (tran_id) or API key (looked up by its hash); 20 at most, each with what matched.",
  request: { query: CustomerSearchQuerySchema },
  responses: { 200: json(CustomerSearchSchema, "The customers found, each with what matched"), ...errors([422]) },
});
const EmailParams = { params: CustomerParamsSchema };
const customerRoute = createRoute({
  method: "get",
  path: "/admin/customers/{email}",
  operationId: "getCustomer",
  ...common,
  summary: "One customer's page (admin)",
  description: "A customer is an e-mail, with or without an account: account, licences (last seen, abuse signals), orders with the provider's references, balance and ledger, OTP orders, licence history and the audit trail; each section the newest 100 rows and the total.",
  request: EmailParams,
  responses: { 200: json(CustomerViewSchema, "The customer"), ...errors([404, 422], { 404: "NOT_FOUND: no account, licence or order has this e-mail" }) },
});
const issueRoute = createRoute({
  method: "post",
  path: "/admin/customers/{email}/licenses",
  operationId: "issueLicence",
  ...common,
  summary: "Issue a licence for a plan to a customer (admin)",
  description: "Creates a licence for the plan, owned by this e-mail, and sends it the key e-mail; audited with the reason.",
  request: { ...EmailParams, ...jsonBody(IssueLicenseBodySchema) },
  responses: { 201: json(LicenseActionResponseSchema, "The new licence"), ...errors([...JSON_BODY], { 403: CHANGE_403 }) },
});
const licenseActionRoute = createRoute({
  method: "post",
  path: "/admin/licenses/{id}/actions",
  operationId: "runLicenceAction",
  ...common,
  summary: "A licence action (admin)",
  description: "Extend, suspend, resume, revoke, reset-changes, release-device or resend-key, with a reason: one transaction under the licence's lock, audited; the owner is e-mailed where it changes what they have.",
  request: { params: z.object({ id: z.string().max(64) }), ...jsonBody(LicenseActionBodySchema) },
  responses: {
    200: json(LicenseActionResponseSchema, "The licence as it now stands"),
    ...errors([404, 409, ...JSON_BODY], {
      403: CHANGE_403,
      404: "NOT_FOUND: no such licence",
      409: "LICENSE_REVOKED (final), ALREADY_SUSPENDED, NOT_SUSPENDED or NOT_BOUND: nothing was changed",
    }),
  },
});

export interface AdminRoutesDeps {
  db: Db;
  secret: string;
  /** Links in the licence e-mails. */
  baseUrl: string;
  /** SHOP_TIME_ZONE: the dates in the licence e-mails. */
  shopTimeZone: string;
  logger?: Logger;
  suspicion?: SuspicionThresholds;
  /** The desktop tool's licence cache: a licence action drops its copy at once. */
  licenseCache?: LicenseCache;
  /** The Shop health card: BACKUP_DIR and BACKUP_EVERY, and the alert thresholds (decision 064). */
  backups?: { dir: string; everyMs?: number };
  alerts?: HealthThresholds;
}

export function createAdminRoutes({ db, secret, baseUrl, shopTimeZone, logger, suspicion, licenseCache, backups = { dir: "./backups" }, alerts }: AdminRoutesDeps) {
  const licenseDeps = { db, baseUrl, shopTimeZone, cache: licenseCache };
  const app = new OpenAPIHono<AppEnv>();
  app.use("/admin/*", guard(requireAdmin));
  for (const path of SUPER_ADMIN_PATHS) app.use(path, guard(requireSuperAdmin));
  const noStore = { "Cache-Control": "no-store" };
  return app
    .openapi(overviewRoute, async (c) => {
      return c.json(await getOverview({ db, tz: c.req.valid("query").tz, thresholds: suspicion }), 200, noStore);
    })
    .openapi(statsRoute, async (c) => {
      return c.json(await getAdminStats({ db }), 200, noStore);
    })
    .openapi(healthRoute, async (c) => {
      return c.json(await readShopHealth({ db, backups, thresholds: alerts }), 200, noStore);
    })
    .openapi(ordersCsvRoute, (c) => {
      const query = c.req.valid("query");
      const user = requireAdmin(c.get("ctx"));
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="${csvFileName(query)}"`);
      c.header("Cache-Control", "no-store");
      return stream(
        c,
        async (out) => {
          for await (const chunk of ordersCsv(db, user, query)) await out.write(chunk);
        },
        async (err, out) => {
          // Headers are gone by now: end the file early and leave a trace for the operator.
          logger?.error({ err, reqId: c.get("requestId") }, "orders CSV export failed");
          await out.close();
        },
      ) as never;
    })
    .openapi(otpRoute, async (c) => {
      return c.json(await listOtpTransactions(db, c.req.valid("query")), 200, noStore);
    })
    .openapi(usersRoute, async (c) => {
      return c.json(await listUsers({ db, query: c.req.valid("query") }), 200, noStore);
    })
    .openapi(roleRoute, async (c) => {
      const actor = requireSuperAdmin(c.get("ctx"));
      const { user, changed } = await changeUserRole({ db, userId: c.req.valid("param").id, role: c.req.valid("json").role, actor });
      return c.json({ user: { ...user, createdAt: user.createdAt ? user.createdAt.toISOString() : null }, changed }, 200);
    })
    .openapi(resellerRoute, async (c) => {
      const actor = requireSuperAdmin(c.get("ctx"));
      const { user, changed } = await setReseller({ db, userId: c.req.valid("param").id, reseller: c.req.valid("json").reseller, actor });
      return c.json({ user: { ...user, createdAt: user.createdAt ? user.createdAt.toISOString() : null }, changed }, 200);
    })
    .openapi(resetTwoFactorRoute, async (c) => {
      const actor = requireSuperAdmin(c.get("ctx"));
      const { user, changed } = await resetTwoFactor({ db, userId: c.req.valid("param").id, actor, baseUrl, shopTimeZone });
      return c.json({ user: { ...user, createdAt: user.createdAt ? user.createdAt.toISOString() : null }, changed }, 200);
    })
    .openapi(balancesRoute, async (c) => {
      return c.json(await listBalances({ db, secret, query: c.req.valid("query") }), 200, noStore);
    })
    .openapi(adjustRoute, async (c) => {
      const actor = requireSuperAdmin(c.get("ctx"));
      const input = c.req.valid("json");
      const result = await adjustBalance({
        db,
        apiKeyId: input.apiKeyId,
        operation: input.operation,
        amountMills: input.amountMills,
        note: input.note,
        actor,
      });
      return c.json(result, 200);
    })
    .openapi(auditRoute, async (c) => {
      return c.json(await listAudit(db, c.req.valid("query")), 200, noStore);
    })
    .openapi(searchRoute, async (c) => {
      return c.json({ customers: await searchCustomers(db, c.req.valid("query").q) }, 200, noStore);
    })
    .openapi(customerRoute, async (c) => {
      return c.json(await getCustomer({ db, secret, email: c.req.valid("param").email }), 200, noStore);
    })
    .openapi(issueRoute, async (c) => {
      const actor = requireAdmin(c.get("ctx"));
      return c.json(await issueLicense(licenseDeps, { actor, email: c.req.valid("param").email, body: c.req.valid("json") }), 201);
    })
    .openapi(licenseActionRoute, async (c) => {
      const actor = requireAdmin(c.get("ctx"));
      return c.json(await runLicenseAction(licenseDeps, { actor, licenceId: c.req.valid("param").id, body: c.req.valid("json") }), 200);
    });
}
