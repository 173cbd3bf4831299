// Orders API: checkouts (signed in; the subscription tool without an account), the transactions
// history and one order's status.
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { ErrorBodySchema } from "../../../contracts/errors";
import {
  CheckoutBodySchema,
  CheckoutResponseSchema,
  OrderListQuerySchema,
  OrderListSchema,
  OrderSchema,
  SubscriptionCheckoutBodySchema,
} from "../../../contracts/orders";
import { guard, requireUser, type AppEnv } from "../../auth/context";
import { applyRateLimit, type SharedRateLimiter } from "../../lib/rate-limit";
import { cookieValue, LANGUAGE_COOKIE } from "../../../contracts/cookies";
import { createPlanCheckout, createToolCheckout, createTopupCheckout, type OrderLocale } from "./checkout";
import type { OrdersDeps } from "./deps";
import { getOrder, listOrders } from "./queries";

const json = <T extends z.ZodTypeAny>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });
const errors = {
  401: json(ErrorBodySchema, "Not signed in"),
  404: json(ErrorBodySchema, "No such order of yours"),
  422: json(ErrorBodySchema, "Invalid input (the spec's texts in issues[].message)"),
  429: json(ErrorBodySchema, "Rate limited; see Retry-After"),
};
const body = <T extends z.ZodTypeAny>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });

const checkoutRoute = createRoute({
  method: "post",
  path: "/orders/checkout",
  tags: ["orders"],
  summary: "Start a checkout for a plan or a balance top-up (priced by the server)",
  request: body(CheckoutBodySchema),
  responses: { 201: json(CheckoutResponseSchema, "The pending order and what the browser does to pay"), ...errors },
});
const toolCheckoutRoute = createRoute({
  method: "post",
  path: "/orders/subscription-tool",
  tags: ["orders"],
  summary: "Start a subscription-tool checkout (no account: plan, e-mail, optional device key)",
  request: body(SubscriptionCheckoutBodySchema),
  responses: { 201: json(CheckoutResponseSchema, "The pending order and what the browser does to pay"), ...errors },
});
const listRoute = createRoute({
  method: "get",
  path: "/orders",
  tags: ["orders"],
  summary: "Transactions history (your own; admins see all), newest first",
  request: { query: OrderListQuerySchema },
  responses: { 200: json(OrderListSchema, "A page of orders with the count and the total paid"), ...errors },
});
const getRoute = createRoute({
  method: "get",
  path: "/orders/{id}",
  tags: ["orders"],
  summary: "One order's verified status (owner or admin)",
  request: { params: z.object({ id: z.string().max(64) }) },
  responses: { 200: json(z.object({ order: OrderSchema }), "The order"), ...errors },
});

/** The buyer's language (the language switch's cookie): receipts and order e-mails follow it. */
const localeOf = (cookies: string | undefined): OrderLocale => (cookieValue(cookies, LANGUAGE_COOKIE) === "km" ? "km" : "en");

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
      const locale = localeOf(c.req.header("cookie"));
      const result = input.kind === "plan" ? await createPlanCheckout(deps, user, input, locale) : await createTopupCheckout(deps, user, input, locale);
      c.header("Cache-Control", "no-store");
      return c.json(result, 201);
    })
    .openapi(toolCheckoutRoute, async (c) => {
      applyRateLimit(c, [deps.limiter.hit(`checkout:ip:${c.get("clientIp")}`, { limit: 20, windowSeconds: 60 })]);
      c.header("Cache-Control", "no-store");
      return c.json(await createToolCheckout(deps, c.req.valid("json"), localeOf(c.req.header("cookie"))), 201);
    })
    .openapi(listRoute, async (c) => {
      const q = c.req.valid("query");
      const result = await listOrders(deps.db, requireUser(c.get("ctx")), {
        ...q,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
      });
      return c.json(result, 200);
    })
    .openapi(getRoute, async (c) => {
      return c.json({ order: await getOrder(deps.db, requireUser(c.get("ctx")), c.req.valid("param").id) }, 200);
    });
}
