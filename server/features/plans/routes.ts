import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import { PlanListQuerySchema, PlanListSchema, type CheckoutProvider } from "../../../contracts/plans";
import type { AppEnv } from "../../auth/context";
import type { Db } from "../../db/client";
import { ANONYMOUS, errorResponses, json, TAG_NAMES } from "../../lib/openapi";
import { PlanListCache } from "./list-cache";
import { listPlans } from "./service";

const listRoute = createRoute({
  method: "get",
  path: "/plans",
  operationId: "listPlans",
  tags: [TAG_NAMES.catalogue],
  security: ANONYMOUS,
  summary: "Licence plans with prices",
  description: "The active licence plans of both price lists (local and foreign), or of one market, and the payment provider new checkouts go to.",
  request: { query: PlanListQuerySchema },
  responses: { 200: json(PlanListSchema, "Active plans"), ...errorResponses([422], { 422: "VALIDATION_FAILED: unknown market" }) },
});

/** `checkoutProvider`: the provider new checkouts go to (PAYMENT_PROVIDER), named for the pages. */
export function createPlanRoutes(db: Db, checkoutProvider: CheckoutProvider, cache: PlanListCache = new PlanListCache()) {
  return new OpenAPIHono<AppEnv>().openapi(listRoute, async (c) => {
    const { market } = c.req.valid("query");
    c.header("Cache-Control", `public, max-age=${Math.floor(cache.ttlMs / 1000)}`);
    const body = await cache.get(market ?? "all", async () => JSON.stringify({ plans: await listPlans({ db, market }), paymentProvider: checkoutProvider }));
    return c.body(body, 200, { "Content-Type": "application/json" }) as never;
  });
}
