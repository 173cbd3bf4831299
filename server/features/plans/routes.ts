import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import { PlanListQuerySchema, PlanListSchema } from "../../../contracts/plans";
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
  description: "The active licence plans of both price lists (local and foreign), or of one market.",
  request: { query: PlanListQuerySchema },
  responses: { 200: json(PlanListSchema, "Active plans"), ...errorResponses([422], { 422: "VALIDATION_FAILED: unknown market" }) },
});

export function createPlanRoutes(db: Db) {
  return new OpenAPIHono<AppEnv>().openapi(listRoute, async (c) => {
    const { market } = c.req.valid("query");
    c.header("Cache-Control", "public, max-age=60");
    return c.json({ plans: await listPlans({ db, market }) }, 200);
  });
}
