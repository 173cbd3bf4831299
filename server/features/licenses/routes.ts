// Dashboard routes: the signed-in user's licences and the licence history.
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import {
  ChangeDeviceKeyBodySchema,
  LicenseHistoryListSchema,
  LicenseHistoryQuerySchema,
  LicenseListQuerySchema,
  LicenseListSchema,
  LicenseSchema,
  RenameLicenseBodySchema,
} from "../../../contracts/licenses";
import { guard, requireUser, type AppEnv } from "../../auth/context";
import type { Db } from "../../db/client";
import { errorResponses, FORBIDDEN_STATE_CHANGE, json, JSON_BODY, jsonBody, SESSION, TAG_NAMES } from "../../lib/openapi";
import { changeOwnDeviceKey, listLicenseHistory, listOwnLicenses, renameLicense } from "./service";

const TAGS = [TAG_NAMES.licences];
const NOT_YOURS = { 404: "NOT_FOUND: no licence of yours has this id (another user's included)", 403: FORBIDDEN_STATE_CHANGE };
const IdParam = z.object({ id: z.string().max(64).openapi({ description: "The licence's id" }) });
const LicenseResponse = z.object({ license: LicenseSchema });

const listRoute = createRoute({
  method: "get",
  path: "/licenses",
  operationId: "listLicenses",
  tags: TAGS,
  security: SESSION,
  summary: "Your licences",
  description: "The signed-in user's licences, newest first, searched by buy key or device key; expired-key licences are left out.",
  request: { query: LicenseListQuerySchema },
  responses: { 200: json(LicenseListSchema, "Licences"), ...errorResponses([401, 403, 422]) },
});
const renameRoute = createRoute({
  method: "patch",
  path: "/licenses/{id}",
  operationId: "renameLicense",
  tags: TAGS,
  security: SESSION,
  summary: "Change a licence's display name",
  description: "Sets the name the dashboard shows for one of your licences.",
  request: { params: IdParam, ...jsonBody(RenameLicenseBodySchema) },
  responses: { 200: json(LicenseResponse, "The licence"), ...errorResponses([401, 403, 404, ...JSON_BODY], NOT_YOURS) },
});
const changeKeyRoute = createRoute({
  method: "post",
  path: "/licenses/{id}/change-key",
  operationId: "changeLicenseDeviceKey",
  tags: TAGS,
  security: SESSION,
  summary: "Move a licence to a new device key",
  description: "Binds one of your licences to a new device key (from the desktop tool; it contains LDREEL). Every key set here spends one change, the first included (the spec's rule; refused with NO_CHANGES_LEFT at 0); only the desktop tool's own activation binds a first key for free (decision 051).",
  request: { params: IdParam, ...jsonBody(ChangeDeviceKeyBodySchema) },
  responses: {
    200: json(LicenseResponse, "The licence"),
    ...errorResponses([401, 403, 404, 409, ...JSON_BODY], { ...NOT_YOURS, 409: "EXPIRED, NO_CHANGES_LEFT or DEVICE_IN_USE (another running licence holds the device key)" }),
  },
});
const historyRoute = createRoute({
  method: "get",
  path: "/license-history",
  operationId: "listLicenseHistory",
  tags: TAGS,
  security: SESSION,
  summary: "Licence key changes",
  description: "The history of device-key changes, newest first: your own licences' (admins: every licence's).",
  request: { query: LicenseHistoryQuerySchema },
  responses: { 200: json(LicenseHistoryListSchema, "History, newest first"), ...errorResponses([401, 403, 422]) },
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
      const license = await changeOwnDeviceKey({ db, user, id: c.req.valid("param").id, deviceKey: c.req.valid("json").deviceKey });
      return c.json({ license }, 200);
    })
    .openapi(historyRoute, async (c) => {
      const user = requireUser(c.get("ctx"));
      const q = c.req.valid("query");
      return c.json(await listLicenseHistory({ db, user, isAdmin: user.role === "admin", ...q }), 200);
    });
}
