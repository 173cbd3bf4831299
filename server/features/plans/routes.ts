import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import { PlanListQuerySchema, PlanListSchema, type CheckoutProvider } from "../../../contracts/plans";
import type { AppEnv } from "../../auth/context";
import type { Db } from "../../db/client";
import { ANONYMOUS, errorResponses, json, TAG_NAMES } from "../../lib/openapi";
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

/**
 * The plans change only when an instance starts with a new catalogue (syncPlanCatalogue), so each
 * instance keeps the answer, serialised, for as long as browsers may (max-age): the landing page's
 * most frequent call costs no query and no serialisation.
 */
export const PLANS_CACHE_MS = 60_000;

/** `checkoutProvider`: the provider new checkouts go to (PAYMENT_PROVIDER), named for the pages. */
export function createPlanRoutes(db: Db, checkoutProvider: CheckoutProvider, cacheMs = PLANS_CACHE_MS) {
  const cached = new Map<string, { body: string; until: number }>();
  return new OpenAPIHono<AppEnv>().openapi(listRoute, async (c) => {
    const { market } = c.req.valid("query");
    c.header("Cache-Control", `public, max-age=${Math.floor(cacheMs / 1000)}`);
    const key = market ?? "all";
    let entry = cached.get(key);
    if (!entry || entry.until <= Date.now()) {
      entry = { body: JSON.stringify({ plans: await listPlans({ db, market }), paymentProvider: checkoutProvider }), until: Date.now() + cacheMs };
      cached.set(key, entry);
    }
    return c.body(entry.body, 200, { "Content-Type": "application/json" }) as never;
  });
}
