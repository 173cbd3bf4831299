// The PayWay simulator: a separate Hono app speaking PayWay's wire format (checkout-v1 subset),
// with a checkout page, a stand-in plugin script and test-control endpoints. Mounted under
// /payway-sim by the embedded server, or served on its own port (tests).
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createApiRoutes } from "./api-routes";
import { createSimContext, type SimContext, type SimulatorOptions } from "./context";
import { createControlRoutes } from "./control-routes";
import { checkoutPage } from "./page";
import { PLUGIN_SCRIPT } from "./plugin";

export type { SimulatorOptions } from "./context";
export type { MerchantProfile } from "./validate";

export interface PaywaySimulator {
  app: Hono;
  sim: SimContext;
}

export function createPaywaySimulator(opts: SimulatorOptions): PaywaySimulator {
  const sim = createSimContext(opts);
  const app = new Hono();
  app.use("*", bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ status: { code: 13, message: "Request too large" } }, 413) }));
  app.route("/", createApiRoutes(sim));
  app.route("/", createControlRoutes(sim));
  app.get("/plugins/checkout2-0.js", (c) => {
    c.header("content-type", "application/javascript; charset=utf-8");
    c.header("cache-control", "no-cache");
    // The merchant's page loads this from another origin.
    c.header("cross-origin-resource-policy", "cross-origin");
    return c.body(PLUGIN_SCRIPT);
  });
  app.get("/checkout/:tranId", (c) => {
    const tx = sim.store.find(c.req.param("tranId"));
    return tx ? c.html(checkoutPage(tx, sim.basePath)) : c.text("Unknown transaction", 404);
  });
  app.notFound((c) => c.json({ status: { code: 5, message: "Not found" } }, 404));
  return { app, sim };
}

export interface RunningSimulator extends PaywaySimulator {
  url: string;
  close(): Promise<void>;
}

/** The simulator on its own HTTP port (tests): reached over real HTTP like PayWay. */
export async function startPaywaySimulator(opts: SimulatorOptions & { port?: number; host?: string }): Promise<RunningSimulator> {
  const simulator = createPaywaySimulator({ ...opts, basePath: "" });
  const host = opts.host ?? "127.0.0.1";
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: simulator.app.fetch, port: opts.port ?? 0, hostname: host }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    ...simulator,
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
