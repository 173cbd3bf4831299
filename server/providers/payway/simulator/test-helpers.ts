// Shared by the simulator's endpoint tests: a simulator on its own port, a signed purchase through
// it and the control endpoints, all over real HTTP like PayWay.
import { expect } from "vitest";
import { buildPurchaseForm, PAYWAY_PATHS, type PaywaySettings, type PurchaseRequest } from "../client";
import { formatReqTime, tranIdHash } from "../hash";
import { newTranId } from "../tran-id";
import { startPaywaySimulator, type RunningSimulator, type SimulatorOptions } from "./app";

export const MERCHANT = "ec000002";
export const API_KEY = "sim-test-api-key";

export interface TestSim {
  sim: RunningSimulator;
  settings: PaywaySettings;
  /** Creates a pending checkout (no callback receiver: the return URL is never reached). */
  purchase(over?: Partial<PurchaseRequest>): Promise<string>;
  control(path: string, body?: unknown): Promise<{ status: number; body: ControlBody }>;
  /** A raw tran_id request (req_time + merchant_id + tran_id), to see PayWay's wire answer. */
  raw(path: string, tranId: string, key?: string, merchantId?: string): Promise<{ status: number; body: { status: { code: number | string; message: string } } & Record<string, unknown> }>;
}

export interface ControlBody {
  transaction: { status: string; apv: string; closed: boolean; refundAmount: string };
  callbacks: Array<{ status: number | null }>;
  error?: string;
}

export async function startTestSim(opts: Partial<SimulatorOptions> = {}, settingsOver: Partial<PaywaySettings> = {}): Promise<TestSim> {
  const sim = await startPaywaySimulator({
    merchants: { [MERCHANT]: { apiKey: API_KEY, currencies: ["USD", "KHR"] } },
    retryDelayMs: null,
    ...opts,
  });
  const settings: PaywaySettings = { baseUrl: sim.url, merchantId: MERCHANT, apiKey: API_KEY, ...settingsOver };
  const post = (path: string, body: unknown) =>
    fetch(`${sim.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return {
    sim,
    settings,
    async purchase(over = {}) {
      const req: PurchaseRequest = { tranId: newTranId(), amountMills: 29_990, currency: "USD", returnUrl: "http://127.0.0.1:9/callback", paymentOption: "abapay_khqr", ...over };
      const res = await fetch(`${sim.url}${PAYWAY_PATHS.purchase}`, { method: "POST", body: new URLSearchParams(buildPurchaseForm(settings, req).fields) });
      expect(res.status).toBe(200);
      return req.tranId;
    },
    async control(path, body) {
      const res = await post(`/__sim${path}`, body);
      return { status: res.status, body: (await res.json()) as ControlBody };
    },
    async raw(path, tranId, key = API_KEY, merchantId = MERCHANT) {
      const reqTime = formatReqTime(new Date());
      const res = await post(path, { req_time: reqTime, merchant_id: merchantId, tran_id: tranId, hash: tranIdHash(key, reqTime, merchantId, tranId) });
      return { status: res.status, body: (await res.json()) as never };
    },
  };
}
