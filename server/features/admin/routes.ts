import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import { AdminStatsSchema, UserListQuerySchema, UserListSchema } from "../../../contracts/admin";
import { ErrorBodySchema } from "../../../contracts/errors";
import { guard, requireAdmin, requireSuperAdmin, type AppEnv } from "../../auth/context";
import type { Db } from "../../db/client";
import { getAdminStats, listUsers } from "./service";

const errors = {
  401: { description: "Not signed in", content: { "application/json": { schema: ErrorBodySchema } } },
  403: { description: "Not allowed", content: { "application/json": { schema: ErrorBodySchema } } },
  422: { description: "Invalid input", content: { "application/json": { schema: ErrorBodySchema } } },
};

const statsRoute = createRoute({
  method: "get",
  path: "/admin/stats",
  tags: ["admin"],
  summary: "Sales statistics (admin)",
  responses: { 200: { description: "Figures in mills", content: { "application/json": { schema: AdminStatsSchema } } }, ...errors },
});

const usersRoute = createRoute({
  method: "get",
  path: "/admin/users",
  tags: ["admin"],
  summary: "Users, searched and paged (super-admin)",
  request: { query: UserListQuerySchema },
  responses: { 200: { description: "A page of users", content: { "application/json": { schema: UserListSchema } } }, ...errors },
});

export function createAdminRoutes(db: Db) {
  const app = new OpenAPIHono<AppEnv>();
  app.use("/admin/*", guard(requireAdmin));
  app.use("/admin/users", guard(requireSuperAdmin));
  return app
    .openapi(statsRoute, async (c) => {
      return c.json(await getAdminStats({ db }), 200);
    })
    .openapi(usersRoute, async (c) => {
      return c.json(await listUsers({ db, query: c.req.valid("query") }), 200);
    });
}
