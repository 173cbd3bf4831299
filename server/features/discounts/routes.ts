// Discount codes' API (decision 077): the public quote a checkout page shows before paying, and the
// Discount codes page (super-admin). Access to the admin routes is decided before any input is read.
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import {
  CreateDiscountBodySchema,
  DiscountIdParamSchema,
  DiscountListSchema,
  DiscountQuoteBodySchema,
  DiscountQuoteSchema,
  DiscountReportSchema,
  DiscountSchema,
  UpdateDiscountBodySchema,
} from "../../../contracts/discounts";
import { guard, requireSuperAdmin, type AppEnv } from "../../auth/context";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/errors";
import { ANONYMOUS, errorResponses, json, JSON_BODY, jsonBody, SESSION, SUPER_ADMIN_CHANGE_403, superAdminErrors, TAG_NAMES } from "../../lib/openapi";
import { applyRateLimit, type SharedRateLimiter } from "../../lib/rate-limit";
import { findActivePlan } from "../plans/service";
import { createDiscount, discountReport, listDiscounts, updateDiscount } from "./admin";
import { quoteDiscount } from "./rules";

const errors = superAdminErrors;
const CHANGE_403 = SUPER_ADMIN_CHANGE_403;
const admin = { tags: [TAG_NAMES.admin], security: SESSION };
const REFUSALS =
  "DISCOUNT_UNKNOWN, DISCOUNT_NOT_STARTED, DISCOUNT_EXPIRED, DISCOUNT_NOT_FOR_PLAN, DISCOUNT_USED_UP, DISCOUNT_ALREADY_USED, DISCOUNT_FIRST_PURCHASE_ONLY: why the code is refused; VALIDATION_FAILED: a malformed code or an unknown plan";

const quoteRoute = createRoute({
  method: "post",
  path: "/discounts/quote",
  operationId: "quoteDiscount",
  tags: [TAG_NAMES.orders],
  security: ANONYMOUS,
  summary: "What a discount code takes off a plan",
  description:
    "The new price a checkout page shows before paying. No sign-in needed; a signed-in customer's own uses and purchases answer the per-customer and first-purchase rules, which otherwise wait for the checkout (a quote never tells anyone about an e-mail address). A quote holds nothing: the checkout checks the code again.",
  request: jsonBody(DiscountQuoteBodySchema),
  responses: {
    200: json(DiscountQuoteSchema, "The plan's price, the discount and what would be paid"),
    ...errorResponses([403, 429, ...JSON_BODY], { 403: "INVALID_ORIGIN: the request carries a session cookie but comes from another site", 422: REFUSALS, 429: "RATE_LIMITED: quotes per address; see Retry-After" }),
  },
});
const listRoute = createRoute({
  method: "get",
  path: "/admin/discounts",
  operationId: "listDiscounts",
  ...admin,
  summary: "Every discount code (super-admin)",
  description: "Codes newest first, switched-off ones too, with their uses so far.",
  responses: { 200: json(DiscountListSchema, "Every code"), ...errors([]) },
});
const createRouteDef = createRoute({
  method: "post",
  path: "/admin/discounts",
  operationId: "createDiscount",
  ...admin,
  summary: "Create a discount code (super-admin)",
  description: "On at once, for the plans and markets named (none: all). Audited.",
  request: jsonBody(CreateDiscountBodySchema),
  responses: {
    201: json(DiscountSchema, "The new code"),
    ...errors([409, ...JSON_BODY], { 403: CHANGE_403, 409: "DISCOUNT_EXISTS: a code of this name exists (any case, switched-off ones too)" }),
  },
});
const reportRoute = createRoute({
  method: "get",
  path: "/admin/discounts/{id}",
  operationId: "getDiscountReport",
  ...admin,
  summary: "A discount code's page: uses, revenue, refunds (super-admin)",
  description: `Its rules, what paid orders with it brought in and what it took off, refunds since, and its latest ${200} orders, newest first.`,
  request: { params: DiscountIdParamSchema },
  responses: { 200: json(DiscountReportSchema, "The code's report"), ...errors([404, 422], { 404: "NOT_FOUND: no code with this id" }) },
});
const updateRoute = createRoute({
  method: "patch",
  path: "/admin/discounts/{id}",
  operationId: "updateDiscount",
  ...admin,
  summary: "Change a discount code's window, limits or note, or switch it off (super-admin)",
  description: "Its code, kind and value never change (make a new code). A code switched off is refused at checkout; its uses stay. Audited with before and after.",
  request: { params: DiscountIdParamSchema, ...jsonBody(UpdateDiscountBodySchema) },
  responses: { 200: json(DiscountSchema, "The code as it is now"), ...errors([404, ...JSON_BODY], { 403: CHANGE_403, 404: "NOT_FOUND: no code with this id" }) },
});

export function createDiscountRoutes({ db, limiter }: { db: Db; limiter: SharedRateLimiter }) {
  const app = new OpenAPIHono<AppEnv>();
  app.use("/admin/discounts", guard(requireSuperAdmin));
  app.use("/admin/discounts/*", guard(requireSuperAdmin));
  const noStore = { "Cache-Control": "no-store" };
  return app
    .openapi(quoteRoute, async (c) => {
      applyRateLimit(c, [limiter.hit(`discount-quote:ip:${c.get("clientIp")}`, { limit: 30, windowSeconds: 60 })]);
      const body = c.req.valid("json");
      const plan = await findActivePlan({ db, id: body.planId });
      if (!plan) throw new AppError("VALIDATION_FAILED", "Unknown plan", [{ path: "planId", message: "Unknown plan" }]);
      const user = c.get("ctx").user;
      const customer = user ? { userId: user.id, email: user.email } : null;
      const quote = await quoteDiscount(db, body.code, { planId: plan.id, market: plan.market, priceMills: plan.priceMills }, customer);
      return c.json({ code: quote.code, planId: plan.id, priceMills: plan.priceMills, discountMills: quote.discountMills, amountMills: quote.amountMills }, 200, noStore);
    })
    .openapi(listRoute, async (c) => c.json(await listDiscounts(db), 200, noStore))
    .openapi(createRouteDef, async (c) => c.json(await createDiscount(db, requireSuperAdmin(c.get("ctx")), c.req.valid("json")), 201))
    .openapi(reportRoute, async (c) => c.json(await discountReport(db, c.req.valid("param").id), 200, noStore))
    .openapi(updateRoute, async (c) => c.json(await updateDiscount(db, requireSuperAdmin(c.get("ctx")), c.req.valid("param").id, c.req.valid("json")), 200));
}
