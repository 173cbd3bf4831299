// The Catalogue page's API (super-admin, decision 074). Access is decided before any input is read.
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import { CatalogueSchema, CataloguePlanSchema, CreatePlanBodySchema, PlanIdParamSchema, ReorderPlansBodySchema, UpdatePlanBodySchema } from "../../../contracts/catalogue-admin";
import { guard, requireSuperAdmin, type AppEnv } from "../../auth/context";
import type { Db } from "../../db/client";
import { json, JSON_BODY, jsonBody, SESSION, SUPER_ADMIN_CHANGE_403, superAdminErrors, TAG_NAMES } from "../../lib/openapi";
import type { PlanListCache } from "../plans/list-cache";
import { createPlan, listCatalogue, reorderPlans, updatePlan } from "./service";

const errors = superAdminErrors;
const CHANGE_403 = SUPER_ADMIN_CHANGE_403;
const common = { tags: [TAG_NAMES.catalogue], security: SESSION };

const listRoute = createRoute({
  method: "get",
  path: "/admin/catalogue",
  operationId: "getCatalogue",
  ...common,
  summary: "Every plan of both price lists, retired ones too (super-admin)",
  description: "The catalogue as the seller runs it: prices, terms, order and whether each plan is on sale.",
  responses: { 200: json(CatalogueSchema, "Every plan, by market and place"), ...errors([]) },
});
const createPlanRoute = createRoute({
  method: "post",
  path: "/admin/catalogue/plans",
  operationId: "createPlan",
  ...common,
  summary: "Add a plan to a price list (super-admin)",
  description: "A plan of a length the market does not list yet, on sale at once, last in its list. Audited.",
  request: jsonBody(CreatePlanBodySchema),
  responses: {
    201: json(CataloguePlanSchema, "The new plan"),
    ...errors([409, ...JSON_BODY], { 403: CHANGE_403, 409: "PLAN_EXISTS: the market lists a plan of this length already (retired ones too: restore it)" }),
  },
});
const updatePlanRoute = createRoute({
  method: "patch",
  path: "/admin/catalogue/plans/{id}",
  operationId: "updatePlan",
  ...common,
  summary: "Change a plan's price or terms, retire or restore it (super-admin)",
  description: "New checkouts use the new price and terms; open and paid orders keep theirs. A retired plan sells no more; its licences are untouched. Audited with before and after.",
  request: { params: PlanIdParamSchema, ...jsonBody(UpdatePlanBodySchema) },
  responses: {
    200: json(CataloguePlanSchema, "The plan as it is now"),
    ...errors([404, 409, ...JSON_BODY], { 403: CHANGE_403, 404: "NOT_FOUND: no plan with this id", 409: "LAST_PLAN_ON_SALE: the market's last plan on sale cannot be retired" }),
  },
});
const reorderRoute = createRoute({
  method: "put",
  path: "/admin/catalogue/order",
  operationId: "reorderPlans",
  ...common,
  summary: "Put a price list's plans in order (super-admin)",
  description: "Every plan of the market (retired ones too), each once, in the order the landing and checkouts show them. Audited.",
  request: jsonBody(ReorderPlansBodySchema),
  responses: { 200: json(CatalogueSchema, "The catalogue in its new order"), ...errors([...JSON_BODY], { 403: CHANGE_403 }) },
});

export function createCatalogueRoutes({ db, planList }: { db: Db; planList: PlanListCache }) {
  const app = new OpenAPIHono<AppEnv>();
  app.use("/admin/catalogue", guard(requireSuperAdmin));
  app.use("/admin/catalogue/*", guard(requireSuperAdmin));
  const noStore = { "Cache-Control": "no-store" };
  return app
    .openapi(listRoute, async (c) => c.json(await listCatalogue(db), 200, noStore))
    .openapi(createPlanRoute, async (c) => {
      const plan = await createPlan(db, requireSuperAdmin(c.get("ctx")), c.req.valid("json"));
      planList.clear();
      return c.json(plan, 201);
    })
    .openapi(updatePlanRoute, async (c) => {
      const plan = await updatePlan(db, requireSuperAdmin(c.get("ctx")), c.req.valid("param").id, c.req.valid("json"));
      planList.clear();
      return c.json(plan, 200);
    })
    .openapi(reorderRoute, async (c) => {
      const catalogue = await reorderPlans(db, requireSuperAdmin(c.get("ctx")), c.req.valid("json"));
      planList.clear();
      return c.json(catalogue, 200);
    });
}
