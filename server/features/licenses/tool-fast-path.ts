// The desktop tool's three licence calls on the node fast path (server/lib/node-fast-path.ts):
// the same schemas and rules as the OpenAPI routes (tool-routes.ts), without the web layer.
import { NOT_TAKEN, type FastHandler } from "../../lib/node-fast-path";
import { TOOL_BODIES, type LicenseTool } from "./tool-routes";

/** Fast handlers by full path; a body that does not validate is left to the app (its 422). */
export function licenseToolFastRoutes(tool: LicenseTool, prefix = "/api"): Record<string, FastHandler> {
  const routes: Record<string, FastHandler> = {};
  for (const [path, { schema, run }] of Object.entries(TOOL_BODIES)) {
    routes[prefix + path] = async ({ json, clientIp, setHeader }) => {
      const input = schema.safeParse(json);
      if (!input.success) return NOT_TAKEN;
      return run(tool, input.data, { clientIp, setHeader });
    };
  }
  return routes;
}
