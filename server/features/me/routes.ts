import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import { MeResponseSchema, PublicConfigSchema } from "../../../contracts/me";
import { requireSession, type AppEnv } from "../../auth/context";
import type { Config } from "../../config";
import { ANONYMOUS, errorResponses, json, SESSION, TAG_NAMES } from "../../lib/openapi";

const meRoute = createRoute({
  method: "get",
  path: "/me",
  operationId: "getCurrentUser",
  tags: [TAG_NAMES.account],
  security: SESSION,
  summary: "The signed-in user",
  description:
    "Who is signed in, their role, their language (the account's: its e-mails are written in it), and whether this session still has to pass its second factor (answered before it, so the web knows to ask for the code).",
  responses: { 200: json(MeResponseSchema, "The user"), ...errorResponses([401]) },
});

const configRoute = createRoute({
  method: "get",
  path: "/config",
  operationId: "getPublicConfig",
  tags: [TAG_NAMES.account],
  security: ANONYMOUS,
  summary: "What the sign-in screens may offer",
  description: "Public settings of this shop the pages need: whether Google sign-in is available, and the shop's time zone (dates are shown in it).",
  responses: { 200: json(PublicConfigSchema, "Public settings") },
});

export function createMeRoutes(config: Config) {
  return new OpenAPIHono<AppEnv>()
    // Answers before the second factor too: the web learns from it that it must ask for the code.
    .openapi(meRoute, (c) => {
      const { accountRole, role: _effective, ...user } = requireSession(c.get("ctx"));
      return c.json({ user: { ...user, role: accountRole } }, 200);
    })
    .openapi(configRoute, (c) => c.json({ googleEnabled: Boolean(config.google), timeZone: config.shopTimeZone }, 200));
}
