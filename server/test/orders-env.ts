// Test environment for payments: the app on a real port (PayWay's callbacks arrive over HTTP) and
// the PayWay simulator on its own port (the client reaches it over HTTP).
import { serve, type ServerType } from "@hono/node-server";
import { and, eq } from "drizzle-orm";
import type { CheckoutResponse } from "../../contracts/orders";
import { emailOutbox, licenses, orders } from "../db/schema";
import { createLogger } from "../lib/logger";
import { startPaywaySimulator, type RunningSimulator } from "../providers/payway/simulator/app";
import { simulatorKeyPair } from "../providers/payway/simulator/rsa";
import { createTestContext, type SignedInUser, type TestClient, type TestContext } from "./harness";
import type { OrdersDeps } from "../features/orders/deps";
import { createWiredOrdersDeps } from "../reactions";

export const MERCHANT_ID = "ec000002";
export const API_KEY = "payments-test-api-key";

export interface PaymentsTestEnv {
  t: TestContext;
  sim: RunningSimulator;
  appUrl: string;
  /** The same settings the app uses, for calling services (the reconciler) directly. */
  deps: OrdersDeps;
  checkout(client: TestClient, body: unknown, path?: string): Promise<{ status: number; body: CheckoutResponse & { code?: string; message?: string; issues?: Array<{ path: string; message: string }> } }>;
  /** The browser's form post into the simulator (the aba_webservice frame). */
  openCheckout(checkout: CheckoutResponse["checkout"]): Promise<Response>;
  /** A checkout created (201) and opened at the simulator, as a customer's browser does both. */
  openedCheckout(client: TestClient, body: unknown, path?: string): Promise<CheckoutResponse>;
  /** A checkout opened at the simulator and approved there, as a customer paying it: the order as it is then. */
  pay(opened: CheckoutResponse): Promise<typeof orders.$inferSelect>;
  /** POST /__sim/… on the simulator. */
  control(path: string, body?: unknown): Promise<{ status: number; body: { transaction?: { status: string }; callbacks?: Array<{ status: number | null }>; error?: string } }>;
  order(tranId: string): Promise<typeof orders.$inferSelect>;
  /** A checkout's answer that must be 201, paid at the simulator: its order, which must then be paid. */
  payAnswer(res: { status: number; body: CheckoutResponse }): Promise<typeof orders.$inferSelect>;
  licensesOf(orderId: string): Promise<Array<typeof licenses.$inferSelect>>;
  emails(to: string, template: string): Promise<number>;
  close(): Promise<void>;
}

/** The payments environment and one signed-in customer, for suites where one person buys. */
export async function startPaymentsTestEnvWithBuyer(): Promise<{ env: PaymentsTestEnv; buyer: SignedInUser }> {
  const env = await startPaymentsTestEnv();
  return { env, buyer: await env.t.signedInUser() };
}

/** Also a super-admin (the seller: catalogue, discount codes), for suites where the seller sets what the buyer meets. */
export async function startSellerTestEnv(): Promise<{ env: PaymentsTestEnv; buyer: SignedInUser; boss: SignedInUser }> {
  const { env, buyer } = await startPaymentsTestEnvWithBuyer();
  return { env, buyer, boss: await env.t.signedInUser({ role: "admin", superAdmin: true }) };
}

export async function startPaymentsTestEnv(env: Record<string, string> = {}): Promise<PaymentsTestEnv> {
  // Listening first tells us the address the app must be configured with; the app comes after.
  const target: { fetch?: (req: Request, env: unknown) => Response | Promise<Response> } = {};
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: (req, e) => (target.fetch ? target.fetch(req, e) : new Response("starting", { status: 503 })), port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const address = server.address();
  const appUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const sim = await startPaywaySimulator({ merchants: { [MERCHANT_ID]: { apiKey: API_KEY, currencies: ["USD"], whitelist: ["127.0.0.1"] } }, retryDelayMs: null });
  // The simulator decrypts refunds with the process's own key pair (simulator/rsa.ts).
  const t = await createTestContext({ BASE_URL: appUrl, PAYWAY_BASE_URL: sim.url, PAYWAY_MERCHANT_ID: MERCHANT_ID, PAYWAY_API_KEY: API_KEY, PAYWAY_RSA_PUBLIC_KEY: simulatorKeyPair().publicKey, ...env });
  target.fetch = (req, e) => t.app.fetch(req, e as never);
  const db = t.database.db;
  const deps = createWiredOrdersDeps({ config: t.config, db, logger: createLogger("silent") });

  const checkout: PaymentsTestEnv["checkout"] = (client, body, path = "/api/orders/checkout") => client.json(path, { json: body }) as never;
  const openCheckout: PaymentsTestEnv["openCheckout"] = (instructions) =>
    fetch(instructions.action, { method: "POST", body: new URLSearchParams({ ...instructions.fields, is_plugin_js: "true" }) });
  const control: PaymentsTestEnv["control"] = async (path, body) => {
    const res = await fetch(`${sim.url}/__sim${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as never };
  };
  const order: PaymentsTestEnv["order"] = async (tranId) => (await db.select().from(orders).where(eq(orders.tranId, tranId)))[0]!;
  const pay: PaymentsTestEnv["pay"] = async (opened) => {
    const page = await openCheckout(opened.checkout);
    if (page.status !== 200) throw new Error(`the simulator refused the checkout form: ${page.status}`);
    const approved = await control(`/transactions/${opened.order.tranId}/approve`);
    if (approved.status !== 200) throw new Error(`the simulator did not approve ${opened.order.tranId}: ${approved.status} ${JSON.stringify(approved.body)}`);
    return order(opened.order.tranId);
  };
  return {
    t,
    sim,
    appUrl,
    deps,
    checkout,
    openCheckout,
    openedCheckout: async (client, body, path) => {
      const res = await checkout(client, body, path);
      if (res.status !== 201) throw new Error(`checkout refused: ${res.status} ${JSON.stringify(res.body)}`);
      const page = await openCheckout(res.body.checkout);
      if (page.status !== 200) throw new Error(`the simulator refused the checkout form: ${page.status}`);
      return res.body;
    },
    pay,
    payAnswer: async (res) => {
      if (res.status !== 201) throw new Error(`checkout refused: ${res.status} ${JSON.stringify(res.body)}`);
      const paid = await pay(res.body);
      if (paid.status !== "paid") throw new Error(`order ${paid.tranId} is ${paid.status}, not paid`);
      return paid;
    },
    control,
    order,
    licensesOf: (orderId) => db.select().from(licenses).where(eq(licenses.orderId, orderId)),
    emails: async (to, template) => (await db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)))).length,
    close: async () => {
      await sim.close();
      (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      await new Promise((r) => server.close(r));
      await t.close();
    },
  };
}
