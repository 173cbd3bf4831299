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
  parseAdjustmentAmount,
  UpdateRoleBodySchema,
  ResetTwoFactorResponseSchema,
  UpdateRoleResponseSchema,
  UserListQuerySchema,
  UserListSchema,
} from "../../../contracts/admin";
import { ErrorBodySchema } from "../../../contracts/errors";
import { guard, requireAdmin, requireSuperAdmin, type AppEnv } from "../../auth/context";
import type { Db } from "../../db/client";
import type { Logger } from "../../lib/logger";
import { changeUserRole, resetTwoFactor } from "../users/service";
import { listAudit } from "./audit";
import { adjustBalance, listBalances } from "./balances";
import { csvFileName, ordersCsv } from "./orders-export";
import { listOtpTransactions } from "./otp-transactions";
import type { SuspicionThresholds } from "../licenses/signals";
import { getAdminStats, getOverview } from "./overview";
import { listUsers } from "./users";

const json = <T extends z.ZodTypeAny>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });
const errors = {
  401: json(ErrorBodySchema, "Not signed in"),
  403: json(ErrorBodySchema, "Not allowed (admin, or super-admin where marked)"),
  422: json(ErrorBodySchema, "Invalid input"),
};
const body = <T extends z.ZodTypeAny>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });

/** The routes that need the super-admin flag besides the admin role. */
export const SUPER_ADMIN_PATHS = ["/admin/users", "/admin/users/*", "/admin/balances", "/admin/balances/*", "/admin/audit"] as const;

const overviewRoute = createRoute({
  method: "get",
  path: "/admin/overview",
  tags: ["admin"],
  summary: "Overview: cards, 30-day revenue by day (licences and top-ups apart), plan mix, latest 40 orders (admin)",
  request: { query: OverviewQuerySchema },
  responses: { 200: json(OverviewSchema, "Figures in mills; days in the requested time zone"), ...errors },
});
const statsRoute = createRoute({
  method: "get",
  path: "/admin/stats",
  tags: ["admin"],
  summary: "The Overview's cards only, days in UTC (admin)",
  responses: { 200: json(AdminStatsSchema, "Figures in mills"), ...errors },
});
const ordersCsvRoute = createRoute({
  method: "get",
  path: "/admin/orders.csv",
  tags: ["admin"],
  summary: "Transactions history as CSV: every order matching the filters of GET /api/orders (admin)",
  request: { query: OrderExportQuerySchema },
  responses: { 200: { description: "text/csv, newest first", content: { "text/csv": { schema: z.string() } } }, ...errors },
});
const otpRoute = createRoute({
  method: "get",
  path: "/admin/otp-orders",
  tags: ["admin"],
  summary: "Gmail OTP transactions of every user, with Total Spent and Total Revenue (admin)",
  request: { query: AdminOtpQuerySchema },
  responses: { 200: json(AdminOtpListSchema, "A page of orders and the filter's totals"), ...errors },
});
const usersRoute = createRoute({
  method: "get",
  path: "/admin/users",
  tags: ["admin"],
  summary: "Users, searched and paged (super-admin)",
  request: { query: UserListQuerySchema },
  responses: { 200: json(UserListSchema, "A page of users"), ...errors },
});
const roleRoute = createRoute({
  method: "patch",
  path: "/admin/users/{id}/role",
  tags: ["admin"],
  summary: "Set a user's role, user or admin (super-admin; audited)",
  request: { params: z.object({ id: z.string().max(64) }), ...body(UpdateRoleBodySchema) },
  responses: {
    200: json(UpdateRoleResponseSchema, "The user as now"),
    404: json(ErrorBodySchema, "No such user"),
    409: json(ErrorBodySchema, "SELF_DEMOTION or LAST_SUPER_ADMIN"),
    ...errors,
  },
});
const resetTwoFactorRoute = createRoute({
  method: "post",
  path: "/admin/users/{id}/two-factor/reset",
  tags: ["admin"],
  summary: "Reset a user's two-factor authentication: authenticator removed, sessions ended (super-admin; audited)",
  request: { params: z.object({ id: z.string().max(64) }) },
  responses: {
    200: json(ResetTwoFactorResponseSchema, "The user as now"),
    404: json(ErrorBodySchema, "No such user"),
    409: json(ErrorBodySchema, "SELF_RESET: one's own is turned off in Profile"),
    ...errors,
  },
});
const balancesRoute = createRoute({
  method: "get",
  path: "/admin/balances",
  tags: ["admin"],
  summary: "Users with their API keys and balances, searched, sorted and paged (super-admin)",
  request: { query: BalanceListQuerySchema },
  responses: { 200: json(BalanceListSchema, "A page of users"), ...errors },
});
const adjustRoute = createRoute({
  method: "post",
  path: "/admin/balances/adjust",
  tags: ["admin"],
  summary: "Add to or subtract from a key's balance through the ledger (super-admin; audited)",
  request: body(AdjustBalanceBodySchema),
  responses: {
    200: json(AdjustBalanceResponseSchema, "The balance before and after"),
    404: json(ErrorBodySchema, "API_KEY_NOT_FOUND"),
    409: json(ErrorBodySchema, "NEGATIVE_BALANCE: nothing was changed"),
    ...errors,
  },
});
const auditRoute = createRoute({
  method: "get",
  path: "/admin/audit",
  tags: ["admin"],
  summary: "Audit log: role changes, balance adjustments and suspicious licences, newest first (super-admin)",
  request: { query: AuditQuerySchema },
  responses: { 200: json(AuditListSchema, "A page of entries"), ...errors },
});

export function createAdminRoutes({ db, secret, logger, suspicion }: { db: Db; secret: string; logger?: Logger; suspicion?: SuspicionThresholds }) {
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
    .openapi(resetTwoFactorRoute, async (c) => {
      const actor = requireSuperAdmin(c.get("ctx"));
      const { user, changed } = await resetTwoFactor({ db, userId: c.req.valid("param").id, actor });
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
        amountMills: parseAdjustmentAmount(input.amount)!,
        note: input.note,
        actor,
      });
      return c.json(result, 200);
    })
    .openapi(auditRoute, async (c) => {
      return c.json(await listAudit(db, c.req.valid("query")), 200, noStore);
    });
}
