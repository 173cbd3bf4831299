// The Reseller page's API (decision 080): plans with their volume tiers and the reseller's bulk
// orders, a bulk checkout, the orders' licenses and their CSV, assigning a license. Only a reseller
// (a flag a super-admin sets, read from the account on every request) gets past the guard, which
// runs before any input is read; another reseller's order or license is 404.
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { CheckoutResponseSchema } from "../../../contracts/orders";
import {
  AssignLicenseBodySchema,
  AssignLicenseResponseSchema,
  BulkCheckoutBodySchema,
  ResellerLicenseListSchema,
  ResellerLicenseQuerySchema,
  ResellerOverviewSchema,
} from "../../../contracts/reseller";
import { requireUser, type AppEnv } from "../../auth/context";
import { errorResponses, json, JSON_BODY, jsonBody, SESSION, TAG_NAMES } from "../../lib/openapi";
import { pageLanguage } from "../../lib/page-language";
import { applyRateLimit, type SharedRateLimiter } from "../../lib/rate-limit";
import { createBulkCheckout } from "../orders/checkout";
import type { OrdersDeps } from "../orders/deps";
import { assignLicense } from "./assign";
import { licensesCsv, listResellerLicenses, requireReseller, resellerOverview } from "./service";

const common = { tags: [TAG_NAMES.reseller], security: SESSION };
const READ_403 = "NOT_A_RESELLER: the account is not a reseller; SECOND_FACTOR_REQUIRED: the account has two-factor authentication and this session has not passed it";
const CHANGE_403 = `${READ_403}; INVALID_ORIGIN: the request carries the session cookie but comes from another site`;
const IdParam = z.object({ id: z.uuid().openapi({ description: "The bulk order's or license's id" }) });

const overviewRoute = createRoute({
  method: "get",
  path: "/reseller/overview",
  operationId: "getResellerOverview",
  ...common,
  summary: "Plans with their volume tiers, and your bulk orders",
  description: "The plans on sale with their volume tiers (a bulk order's price per license), and your last 100 bulk orders with how many of their licenses are assigned or revoked.",
  responses: { 200: json(ResellerOverviewSchema, "Plans and bulk orders"), ...errorResponses([401, 403], { 403: READ_403 }) },
});
const checkoutRoute = createRoute({
  method: "post",
  path: "/reseller/checkout",
  operationId: "createBulkCheckout",
  ...common,
  summary: "Start a checkout for N licenses of a plan",
  description: "One payment for 2 to 500 licenses, each at the plan's price less its volume tier (priced by the server). Paid, the licenses are yours, their buy keys e-mailed to you.",
  request: jsonBody(BulkCheckoutBodySchema),
  responses: {
    201: json(CheckoutResponseSchema, "The pending order and what the browser does to pay"),
    ...errorResponses([401, 403, 429, ...JSON_BODY], { 403: CHANGE_403, 422: "VALIDATION_FAILED: an unknown plan or a quantity out of range", 429: "RATE_LIMITED: checkouts per user; see Retry-After" }),
  },
});
const licensesRoute = createRoute({
  method: "get",
  path: "/reseller/licenses",
  operationId: "listResellerLicenses",
  ...common,
  summary: "Your bulk orders' licenses",
  description: "Every license of your bulk orders, of one order or all, by state (available, assigned, activated, revoked) or a part of its buy key or its customer's e-mail; with whom each was assigned to and when.",
  request: { query: ResellerLicenseQuerySchema },
  responses: { 200: json(ResellerLicenseListSchema, "A page of licenses"), ...errorResponses([401, 403, 422], { 403: READ_403 }) },
});
const csvRoute = createRoute({
  method: "get",
  path: "/reseller/orders/{id}/licenses.csv",
  operationId: "downloadBulkOrderCsv",
  ...common,
  summary: "A bulk order's licenses as CSV",
  description: "buy_key, plan, term_days, key_changes, state, assigned_to, assigned_at: one row per license, each key once.",
  request: { params: IdParam },
  responses: {
    200: { description: "text/csv", content: { "text/csv": { schema: z.string() } } },
    ...errorResponses([401, 403, 404, 422], { 403: READ_403, 404: "NOT_FOUND: no bulk order of yours has this id" }),
  },
});
const assignRoute = createRoute({
  method: "post",
  path: "/reseller/licenses/{id}/assign",
  operationId: "assignLicense",
  ...common,
  summary: "Assign a license to your customer's e-mail",
  description:
    "Moves an available license of your bulk order to the customer's e-mail address and account (one is made, without a password, when they have none) and e-mails them its buy key. Once per license: a second assignment, also a concurrent one, is ALREADY_ASSIGNED.",
  request: { params: IdParam, ...jsonBody(AssignLicenseBodySchema) },
  responses: {
    200: json(AssignLicenseResponseSchema, "The license as now"),
    ...errorResponses([401, 403, 404, 409, 429, ...JSON_BODY], {
      403: CHANGE_403,
      404: "NOT_FOUND: no license of your bulk orders has this id",
      409: "ALREADY_ASSIGNED: it was assigned already; LICENSE_NOT_ASSIGNABLE: it was activated or revoked, or its order is not paid",
      422: "VALIDATION_FAILED: not an e-mail address; ASSIGN_TO_SELF: your own address",
      429: "RATE_LIMITED: assignments per reseller; see Retry-After",
    }),
  },
});

export function createResellerRoutes(deps: OrdersDeps & { limiter: SharedRateLimiter }) {
  const app = new OpenAPIHono<AppEnv>();
  app.use(
    "/reseller/*",
    createMiddleware<AppEnv>(async (c, next) => {
      await requireReseller(deps.db, requireUser(c.get("ctx")));
      await next();
    }),
  );
  return app
    .openapi(overviewRoute, async (c) => c.json(await resellerOverview(deps.db, requireUser(c.get("ctx"))), 200, { "Cache-Control": "no-store" }))
    .openapi(checkoutRoute, async (c) => {
      const user = requireUser(c.get("ctx"));
      applyRateLimit(c, [deps.limiter.hit(`checkout:user:${user.id}`, { limit: 30, windowSeconds: 60 })]);
      c.header("Cache-Control", "no-store");
      return c.json(await createBulkCheckout(deps, user, c.req.valid("json"), pageLanguage(c.req.header("cookie"))), 201);
    })
    .openapi(licensesRoute, async (c) => c.json(await listResellerLicenses(deps.db, requireUser(c.get("ctx")), c.req.valid("query")), 200, { "Cache-Control": "no-store" }))
    .openapi(csvRoute, async (c) => {
      const { csv, tranId } = await licensesCsv(deps.db, requireUser(c.get("ctx")), c.req.valid("param").id);
      return c.body(csv, 200, { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="keyshop-licenses-${tranId}.csv"`, "Cache-Control": "no-store" });
    })
    .openapi(assignRoute, async (c) => {
      const user = requireUser(c.get("ctx"));
      applyRateLimit(c, [deps.limiter.hit(`reseller-assign:${user.id}`, { limit: 120, windowSeconds: 60 })]);
      const result = await assignLicense(deps, user, c.req.valid("param").id, c.req.valid("json").email);
      return c.json(result, 200, { "Cache-Control": "no-store" });
    });
}
