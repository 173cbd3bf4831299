import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import { MeResponseSchema, PublicConfigSchema } from "../../../contracts/me";
import { ErrorBodySchema } from "../../../contracts/errors";
import { requireSession, type AppEnv } from "../../auth/context";
import type { Config } from "../../config";

const meRoute = createRoute({
  method: "get",
  path: "/me",
  tags: ["account"],
  summary: "The signed-in user",
  responses: {
    200: { description: "The user", content: { "application/json": { schema: MeResponseSchema } } },
    401: { description: "Not signed in", content: { "application/json": { schema: ErrorBodySchema } } },
  },
});

const configRoute = createRoute({
  method: "get",
  path: "/config",
  tags: ["account"],
  summary: "What the sign-in screens may offer",
  responses: { 200: { description: "Public settings", content: { "application/json": { schema: PublicConfigSchema } } } },
});

export function createMeRoutes(config: Config) {
  return new OpenAPIHono<AppEnv>()
    // Answers before the second factor too: the web learns from it that it must ask for the code.
    .openapi(meRoute, (c) => {
      const { accountRole, role: _effective, ...user } = requireSession(c.get("ctx"));
      return c.json({ user: { ...user, role: accountRole } }, 200);
    })
    .openapi(configRoute, (c) => c.json({ googleEnabled: Boolean(config.google) }, 200));
}
