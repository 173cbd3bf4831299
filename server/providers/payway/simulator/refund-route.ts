// The refund API (merchant portal). Checks in PayWay's order of trust: fields, hash, then what
// the decrypted merchant_auth asks for. Codes are those of PayWay's refund page where it has one:
//   PTL04 missing field · PTL06 request_time · PTL62 merchant · PTL02 hash · PTL05 format
//   PTL186 amount format · PTL187 amount too small · PTL37 more than is left · PTL57 unable to
//   refund (used here for "older than 30 days": the page names no code for it) · PTL58 failed.
// PTL36 "Transaction not found or is invalid" is not in the table; the sandbox answered it for an
// unknown and for an unpaid tran_id. HTTP statuses: 400 for malformed requests, 403 otherwise, as
// the sandbox answered PTL04 / PTL02 / PTL36 / PTL62 (the page itself shows only HTTP 200).
import { Hono, type Context } from "hono";
import { millsToJsonNumber, numberToMills } from "../amounts";
import { PAYWAY_PATHS } from "../client";
import { hashesEqual, refundHash, REQ_TIME_PATTERN } from "../hash";
import { readFields } from "./body";
import type { SimContext } from "./context";
import { decryptMerchantAuth, simulatorKeyPair } from "./rsa";
import { simStatus } from "./signed";
import { paidMills, refundedMills, type SimTransaction } from "./store";
import type { MerchantProfile } from "./validate";
import { DAY_MS } from "../../../../contracts/units";

const REFUND_WINDOW_MS = 30 * DAY_MS;

interface MerchantAuth {
  mcId: string;
  tranId: string;
  amount: unknown;
}

function readMerchantAuth(profile: MerchantProfile, merchantAuth: string): MerchantAuth | null {
  const json = decryptMerchantAuth(profile.rsaPrivateKey ?? simulatorKeyPair().privateKey, merchantAuth);
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const { mc_id, tran_id, refund_amount } = value as Record<string, unknown>;
  if (mc_id == null || typeof tran_id !== "string" || refund_amount == null) return null;
  return { mcId: String(mc_id), tranId: tran_id, amount: refund_amount };
}

/** The amount asked for in mills: null when malformed or finer than the currency allows. */
function refundMills(amount: unknown, currency: string): number | null {
  const mills = numberToMills(amount);
  if (mills === null) return null;
  return mills % (currency === "KHR" ? 1000 : 10) === 0 ? mills : null;
}

function takeMode(sim: SimContext) {
  const mode = sim.refundMode.next ?? sim.refundMode.standing;
  sim.refundMode.next = null;
  return mode;
}

function refunded(c: Context, tx: SimTransaction) {
  return c.json({
    // JSON numbers, as PayWay answers; made from mills through their decimal text.
    grand_total: millsToJsonNumber(paidMills(tx)),
    total_refunded: millsToJsonNumber(refundedMills(tx)),
    currency: tx.currency,
    transaction_status: tx.status,
    status: { code: "00", message: "Success!", tran_id: tx.tranId },
  });
}

export function createRefundRoute(sim: SimContext) {
  const app = new Hono();
  app.post(PAYWAY_PATHS.refund, async (c) => {
    const raw = await readFields(c);
    const refuse = (code: string, message: string, http: 400 | 403, tranId = "") => c.json(simStatus(code, message, tranId), http);
    if (!raw.request_time || !raw.merchant_id || !raw.merchant_auth || !raw.hash) return refuse("PTL04", "Parameter validation required", 400);
    if (!REQ_TIME_PATTERN.test(raw.request_time)) return refuse("PTL06", "The request_time value is missing or incorrectly formatted", 400);
    const profile = sim.merchants[raw.merchant_id];
    if (!profile) return refuse("PTL62", "Invalid merchant information", 403);
    if (!hashesEqual(refundHash(profile.apiKey, raw.request_time, raw.merchant_id, raw.merchant_auth), raw.hash)) return refuse("PTL02", "Invalid hash", 403);
    const auth = readMerchantAuth(profile, raw.merchant_auth);
    if (!auth) return refuse("PTL05", "Parameter invalid format", 400);
    if (auth.mcId !== raw.merchant_id) return refuse("PTL62", "Invalid merchant information", 403, auth.tranId);

    const tx = sim.store.get(raw.merchant_id, auth.tranId);
    const age = tx ? sim.now().getTime() - tx.createdAt.getTime() : 0;
    const paid = tx && (tx.status === "APPROVED" || tx.status === "REFUNDED");
    if (!tx || !paid || age < sim.options.visibilityDelayMs) return refuse("PTL36", "Transaction not found or is invalid", 403, auth.tranId);
    const mills = refundMills(auth.amount, tx.currency);
    if (mills === null) return refuse("PTL186", "Invalid amount format", 400, tx.tranId);
    if (mills === 0) return refuse("PTL187", "Amount is below the minimum allowed", 400, tx.tranId);
    // PayWay counts the 30 days from the transaction's creation ("payment created date").
    if (age > REFUND_WINDOW_MS) return refuse("PTL57", "Unable to refund: the transaction is older than 30 days", 403, tx.tranId);
    if (mills > paidMills(tx) - refundedMills(tx)) return refuse("PTL37", "Refund amount cannot exceed the original purchase amount", 403, tx.tranId);

    // Tests make a refund PayWay would make fail, to see that nothing changes on either side.
    const mode = takeMode(sim);
    if (mode === "fail") return refuse("PTL58", "Fail to refund", 403, tx.tranId);
    if (mode === "error") return c.text("Internal Server Error", 500);
    sim.store.refund(tx, mills);
    return refunded(c, tx);
  });
  return app;
}
