// Dashboard routes: the signed-in user's licences and the licence history.
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { ErrorBodySchema } from "../../../contracts/errors";
import {
  ChangeLicenseKeyBodySchema,
  LicenseHistoryListSchema,
  LicenseHistoryQuerySchema,
  LicenseListQuerySchema,
  LicenseListSchema,
  LicenseSchema,
  RenameLicenseBodySchema,
} from "../../../contracts/licenses";
import { guard, requireUser, type AppEnv } from "../../auth/context";
import type { Db } from "../../db/client";
import { changeOwnLicenseKey, listLicenseHistory, listOwnLicenses, renameLicense } from "./service";

const json = <T extends z.ZodTypeAny>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });
const errors = {
  401: json(ErrorBodySchema, "Not signed in"),
  404: json(ErrorBodySchema, "No such licence of yours"),
  409: json(ErrorBodySchema, "Not possible in the licence's state"),
  422: json(ErrorBodySchema, "Invalid input"),
};
const IdParam = z.object({ id: z.string().max(64) });
const LicenseResponse = z.object({ license: LicenseSchema });

const listRoute = createRoute({ method: "get", path: "/licenses", tags: ["licences"], summary: "Your licences", request: { query: LicenseListQuerySchema }, responses: { 200: json(LicenseListSchema, "Licences"), ...errors } });
const renameRoute = createRoute({
  method: "patch",
  path: "/licenses/{id}",
  tags: ["licences"],
  summary: "Change a licence's display name",
  request: { params: IdParam, body: { content: { "application/json": { schema: RenameLicenseBodySchema } }, required: true } },
  responses: { 200: json(LicenseResponse, "The licence"), ...errors },
});
const changeKeyRoute = createRoute({
  method: "post",
  path: "/licenses/{id}/change-key",
  tags: ["licences"],
  summary: "Move a licence to a new device key (spends one change)",
  request: { params: IdParam, body: { content: { "application/json": { schema: ChangeLicenseKeyBodySchema } }, required: true } },
  responses: { 200: json(LicenseResponse, "The licence"), ...errors },
});
const historyRoute = createRoute({
  method: "get",
  path: "/license-history",
  tags: ["licences"],
  summary: "Licence key changes (your own; admins see all)",
  request: { query: LicenseHistoryQuerySchema },
  responses: { 200: json(LicenseHistoryListSchema, "History, newest first"), ...errors },
});

export function createLicenseRoutes(db: Db) {
  const app = new OpenAPIHono<AppEnv>();
  app.use("/licenses/*", guard(requireUser));
  app.use("/licenses", guard(requireUser));
  app.use("/license-history", guard(requireUser));
  return app
    .openapi(listRoute, async (c) => {
      const user = requireUser(c.get("ctx"));
      return c.json({ licenses: await listOwnLicenses({ db, user, search: c.req.valid("query").search }) }, 200);
    })
    .openapi(renameRoute, async (c) => {
      const user = requireUser(c.get("ctx"));
      const license = await renameLicense({ db, user, id: c.req.valid("param").id, name: c.req.valid("json").name });
      return c.json({ license }, 200);
    })
    .openapi(changeKeyRoute, async (c) => {
      const user = requireUser(c.get("ctx"));
      const license = await changeOwnLicenseKey({ db, user, id: c.req.valid("param").id, licenseKey: c.req.valid("json").licenseKey });
      return c.json({ license }, 200);
    })
    .openapi(historyRoute, async (c) => {
      const user = requireUser(c.get("ctx"));
      const q = c.req.valid("query");
      return c.json(await listLicenseHistory({ db, user, isAdmin: user.role === "admin", ...q }), 200);
    });
}
