// Test helper: the real shop (the server's test context, in process) listening on a free local
// port, so the client under test speaks to it over real HTTP.
import { serve, type ServerType } from "@hono/node-server";
import { createTestContext, type TestContext } from "../../../server/test/harness";

export interface RealShop {
  t: TestContext;
  /** The licence API's base URL, as a tool is configured with it. */
  baseUrl: string;
  close(): Promise<void>;
}

export async function startRealShop(): Promise<RealShop> {
  const t = await createTestContext();
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: (req, env) => t.app.fetch(req, env as never), port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const address = server.address();
  return {
    t,
    baseUrl: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/api/v1/licenses`,
    async close() {
      (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      await new Promise((r) => server.close(r));
      await t.close();
    },
  };
}
