// The req_time + merchant_id + tran_id family (check-transaction-2, close-transaction,
// transaction-detail): one verification, with each endpoint's own error answers, because PayWay
// numbers the same failures differently per endpoint (shared/providers/payway.md §5.3, §5.5).
import type { Context } from "hono";
import { hashesEqual, tranIdHash } from "../hash";
import { readFields } from "./body";
import type { SimContext } from "./context";
import type { RollingLimit } from "./rate-limit";
import type { SimTransaction } from "./store";

export interface SimAnswer {
  code: number | string;
  message: string;
  http: 200 | 400 | 403;
}

export interface LookupRules {
  unknownMerchant: SimAnswer;
  badHash: SimAnswer;
  notFound: SimAnswer;
  /** Transactions older than this are "not found" (check-transaction-2 looks back 7 days only). */
  maxAgeMs?: number;
  /** Requests per merchant id over the limit get `answer` before anything else is looked at. */
  rateLimit?: { limit: RollingLimit; answer: SimAnswer };
}

export const simStatus = (code: number | string, message: string, tranId = "") => ({ status: { code, message, tran_id: tranId } });

export type Lookup = { error: Response; tx?: undefined; merchantId?: undefined } | { error?: undefined; tx: SimTransaction; merchantId: string };

/** Verifies the hash and finds the merchant's transaction; or the endpoint's error answer. */
export async function signedLookup(sim: SimContext, c: Context, rules: LookupRules): Promise<Lookup> {
  const raw = await readFields(c);
  const tranId = raw.tran_id ?? "";
  const answer = (a: SimAnswer) => ({ error: c.json(simStatus(a.code, a.message, tranId), a.http) });
  const merchantId = raw.merchant_id ?? "";
  if (rules.rateLimit && !rules.rateLimit.limit.take(merchantId)) return answer(rules.rateLimit.answer);
  const profile = sim.merchants[merchantId];
  if (!profile) return answer(rules.unknownMerchant);
  const expected = tranIdHash(profile.apiKey, raw.req_time ?? "", merchantId, tranId);
  if (!raw.hash || !hashesEqual(expected, raw.hash)) return answer(rules.badHash);
  const tx = sim.store.get(merchantId, tranId);
  const age = tx ? sim.now().getTime() - tx.createdAt.getTime() : 0;
  // PayWay's visibility lag: a new transaction is unknown for a moment.
  if (!tx || age < sim.options.visibilityDelayMs || (rules.maxAgeMs !== undefined && age > rules.maxAgeMs)) return answer(rules.notFound);
  return { tx, merchantId };
}
