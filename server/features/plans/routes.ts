import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import { ErrorBodySchema } from "../../../contracts/errors";
import { PlanListQuerySchema, PlanListSchema } from "../../../contracts/plans";
import type { AppEnv } from "../../auth/context";
import type { Db } from "../../db/client";
import { listPlans } from "./service";

const listRoute = createRoute({
  method: "get",
  path: "/plans",
  tags: ["catalogue"],
  summary: "Licence plans with prices (local and foreign price lists)",
  request: { query: PlanListQuerySchema },
  responses: {
    200: { description: "Active plans", content: { "application/json": { schema: PlanListSchema } } },
    422: { description: "Invalid market", content: { "application/json": { schema: ErrorBodySchema } } },
  },
});

export function createPlanRoutes(db: Db) {
  return new OpenAPIHono<AppEnv>().openapi(listRoute, async (c) => {
    const { market } = c.req.valid("query");
    c.header("Cache-Control", "public, max-age=60");
    return c.json({ plans: await listPlans({ db, market }) }, 200);
  });
}
