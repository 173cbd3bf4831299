// Orders API: checkouts (signed in; the subscription tool without an account), the transactions
// history and one order's status.
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import {
  CheckoutBodySchema,
  CheckoutResponseSchema,
  OrderListQuerySchema,
  OrderListSchema,
  OrderSchema,
  SubscriptionCheckoutBodySchema,
} from "../../../contracts/orders";
import { guard, requireUser, type AppEnv } from "../../auth/context";
import { ANONYMOUS, ANY_BODY, errorResponses, FORBIDDEN_STATE_CHANGE, json, JSON_BODY, jsonBody, SESSION, TAG_NAMES } from "../../lib/openapi";
import { pageLanguage } from "../../lib/page-language";
import { applyRateLimit, type SharedRateLimiter } from "../../lib/rate-limit";
import { createPlanCheckout, createToolCheckout, createTopupCheckout } from "./checkout";
import type { OrdersDeps } from "./deps";
import { findOwnOrder, getOrder, listOrders } from "./queries";
import { closeCheckout } from "./settle";

const TAGS = [TAG_NAMES.orders];
const CHECKOUT_REFUSALS = {
  403: FORBIDDEN_STATE_CHANGE,
  422: "VALIDATION_FAILED: an unknown plan or an amount out of range (the spec's texts in issues[].message); DISCOUNT_*: the discount code is refused (unknown, not started, expired, not for this plan, used up, already used by you, first purchase only); GIFT_TO_SELF: a gift to your own e-mail address (decision 079)",
};

const checkoutRoute = createRoute({
  method: "post",
  path: "/orders/checkout",
  operationId: "createCheckout",
  tags: TAGS,
  security: SESSION,
  summary: "Start a checkout for a plan or a balance top-up",
  description: "Creates a pending order, priced by the server (any price sent is ignored), and what the browser does to pay (the payment provider's checkout).",
  request: jsonBody(CheckoutBodySchema),
  responses: {
    201: json(CheckoutResponseSchema, "The pending order and what the browser does to pay"),
    ...errorResponses([401, 403, 429, ...JSON_BODY], { ...CHECKOUT_REFUSALS, 429: "RATE_LIMITED: checkouts per user; see Retry-After" }),
  },
});
const toolCheckoutRoute = createRoute({
  method: "post",
  path: "/orders/subscription-tool",
  operationId: "createSubscriptionToolCheckout",
  tags: TAGS,
  security: ANONYMOUS,
  summary: "Start a subscription-tool checkout",
  description: "A checkout without an account: the plan, the buyer's e-mail address and, optionally, the tool's device key (it contains LDREEL).",
  request: jsonBody(SubscriptionCheckoutBodySchema),
  responses: {
    201: json(CheckoutResponseSchema, "The pending order and what the browser does to pay"),
    ...errorResponses([403, 429, ...JSON_BODY], {
      ...CHECKOUT_REFUSALS,
      403: "INVALID_ORIGIN: the request carries a session cookie but comes from another site",
      429: "RATE_LIMITED: checkouts per address; see Retry-After",
    }),
  },
});
const listRoute = createRoute({
  method: "get",
  path: "/orders",
  operationId: "listOrders",
  tags: TAGS,
  security: SESSION,
  summary: "Transactions history",
  description: "Orders, newest first, filtered and paged, with the count and the total paid: your own (admins: everyone's).",
  request: { query: OrderListQuerySchema },
  responses: { 200: json(OrderListSchema, "A page of orders with the count and the total paid"), ...errorResponses([401, 403, 422]) },
});
const getRoute = createRoute({
  method: "get",
  path: "/orders/{id}",
  operationId: "getOrder",
  tags: TAGS,
  security: SESSION,
  summary: "One order's verified status",
  description: "One order as the server verified it with the payment provider: your own (admins: anyone's).",
  request: { params: z.object({ id: z.string().max(64).openapi({ description: "The order's id" }) }) },
  responses: { 200: json(z.object({ order: OrderSchema }), "The order"), ...errorResponses([401, 403, 404, 422], { 404: "NOT_FOUND: no order of yours has this id" }) },
});
const closeRoute = createRoute({
  method: "post",
  path: "/orders/{id}/close",
  operationId: "closeCheckout",
  tags: TAGS,
  security: SESSION,
  summary: "Close your checkout that was not paid",
  description:
    "The page calls this when the customer closes the payment window without paying (decision 060). The payment provider is asked first: a checkout that was paid is settled (paid), never closed; one still pending is closed at the provider, so it can no longer be paid, and the order is `cancelled` (shown as 'Not completed'). Any other order is answered as it stands, so a repeat changes nothing. Only the order's owner: anyone else's order is 404.",
  request: { params: z.object({ id: z.string().max(64).openapi({ description: "The order's id" }) }) },
  responses: {
    200: json(z.object({ order: OrderSchema }), "The order as it now stands"),
    ...errorResponses([401, 403, 404, 422, 429, ...ANY_BODY], { 403: FORBIDDEN_STATE_CHANGE, 404: "NOT_FOUND: no order of yours has this id", 429: "RATE_LIMITED: checkouts per user; see Retry-After" }),
  },
});

export function createOrderRoutes(deps: OrdersDeps & { limiter: SharedRateLimiter }) {
  const app = new OpenAPIHono<AppEnv>();
  app.use("/orders", guard(requireUser));
  // Everything under /orders needs a session except the subscription tool's checkout.
  app.use(
    "/orders/*",
    createMiddleware<AppEnv>(async (c, next) => {
      if (!(c.req.method === "POST" && c.req.path.endsWith("/orders/subscription-tool"))) requireUser(c.get("ctx"));
      await next();
    }),
  );
  return app
    .openapi(checkoutRoute, async (c) => {
      const user = requireUser(c.get("ctx"));
      applyRateLimit(c, [deps.limiter.hit(`checkout:user:${user.id}`, { limit: 30, windowSeconds: 60 })]);
      const input = c.req.valid("json");
      const locale = pageLanguage(c.req.header("cookie"));
      const result = input.kind === "plan" ? await createPlanCheckout(deps, user, input, locale) : await createTopupCheckout(deps, user, input, locale);
      c.header("Cache-Control", "no-store");
      return c.json(result, 201);
    })
    .openapi(toolCheckoutRoute, async (c) => {
      applyRateLimit(c, [deps.limiter.hit(`checkout:ip:${c.get("clientIp")}`, { limit: 20, windowSeconds: 60 })]);
      c.header("Cache-Control", "no-store");
      return c.json(await createToolCheckout(deps, c.req.valid("json"), pageLanguage(c.req.header("cookie"))), 201);
    })
    .openapi(listRoute, async (c) => {
      const q = c.req.valid("query");
      const result = await listOrders(deps.db, requireUser(c.get("ctx")), {
        ...q,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
      }, deps.refundWindowDays);
      return c.json(result, 200);
    })
    .openapi(getRoute, async (c) => {
      return c.json({ order: await getOrder(deps.db, requireUser(c.get("ctx")), c.req.valid("param").id, deps.refundWindowDays) }, 200);
    })
    .openapi(closeRoute, async (c) => {
      const user = requireUser(c.get("ctx"));
      // The checkouts' own limit: closing is the other end of starting one.
      applyRateLimit(c, [deps.limiter.hit(`checkout:user:${user.id}`, { limit: 30, windowSeconds: 60 })]);
      const { id } = c.req.valid("param");
      const order = await findOwnOrder(deps.db, user, id);
      await closeCheckout(deps, order);
      c.header("Cache-Control", "no-store");
      return c.json({ order: await getOrder(deps.db, user, id, deps.refundWindowDays) }, 200);
    });
}
