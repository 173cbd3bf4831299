// The tran_id lookups, each with PayWay's own error answers (shared/providers/payway.md §5):
//   check-transaction-2  bad hash 403 code 5; unknown 200 code 6; merchant 8; 7 days back only.
//   close-transaction    bad hash 403 code "1"; unknown 403 code 5; merchant 26 (PayWay's close
//                        page lists 1 / 5 / 26; the sandbox answered an unknown tran_id with 403 + 5).
//   transaction-detail   as check (its page lists 5 / 6 / 8 / 11 / 429), no 7-day limit, and 10
//                        requests per minute: then HTTP 403 with a numeric code 429, no Retry-After.
import { Hono } from "hono";
import { millsToJsonNumber } from "../amounts";
import { PAYWAY_PATHS } from "../client";
import type { SimContext } from "./context";
import { detailResponse } from "./detail";
import { signedLookup, simStatus, type LookupRules } from "./signed";
import { gatewayDate, refundedMills, STATUS_CODE, type SimTransaction } from "./store";
import { DAY_MS } from "../../../../contracts/units";


const CHECK: LookupRules = {
  unknownMerchant: { code: 8, message: "Invalid merchant profile", http: 200 },
  badHash: { code: 5, message: "Invalid hash", http: 403 },
  notFound: { code: 6, message: "tran_id not found", http: 200 },
  maxAgeMs: 7 * DAY_MS,
};

const CLOSE: LookupRules = {
  unknownMerchant: { code: 26, message: "Invalid merchant profile", http: 403 },
  badHash: { code: "1", message: "Wrong Hash", http: 403 },
  notFound: { code: 5, message: "Transaction not found", http: 403 },
};

const detailRules = (sim: SimContext): LookupRules => ({
  unknownMerchant: CHECK.unknownMerchant,
  badHash: { code: 5, message: "Wrong hash", http: 403 },
  notFound: CHECK.notFound,
  rateLimit: { limit: sim.detailLimit, answer: { code: 429, message: "Rate limit exceeded for this request. Please try again later", http: 403 } },
});

export function checkResponse(tx: SimTransaction) {
  const amount = Number(tx.amount); // serialisation only: PayWay answers with JSON numbers
  const paid = tx.status === "APPROVED" || tx.status === "REFUNDED";
  return {
    data: {
      payment_status_code: STATUS_CODE[tx.status],
      payment_status: tx.status,
      total_amount: amount,
      original_amount: amount,
      refund_amount: millsToJsonNumber(refundedMills(tx)),
      discount_amount: 0,
      payment_amount: paid ? amount : 0,
      payment_currency: paid ? tx.currency : "",
      apv: paid ? tx.apv : "",
      transaction_date: gatewayDate(tx.createdAt),
    },
    status: { code: "00", message: "Success!", tran_id: tx.tranId },
  };
}

export function createLookupRoutes(sim: SimContext) {
  const app = new Hono();

  app.post(PAYWAY_PATHS.check, async (c) => {
    const found = await signedLookup(sim, c, CHECK);
    return found.error ?? c.json(checkResponse(found.tx), 200);
  });

  app.post(PAYWAY_PATHS.close, async (c) => {
    const found = await signedLookup(sim, c, CLOSE);
    if (found.error) return found.error;
    const tx = found.tx;
    // PayWay refuses for anything paid, refunded ones included (HTTP 403, code 2).
    if (tx.status === "APPROVED" || tx.status === "REFUNDED") {
      return c.json(simStatus(2, "This transaction has already been approved and cannot be cancelled.", tx.tranId), 403);
    }
    // PENDING becomes CANCELLED: approve is refused from then on and no callback is ever sent.
    // Closing again (or closing a declined one) answers 00, as the sandbox does for a closed one.
    if (tx.status === "PENDING") sim.store.transition(tx, "CANCELLED");
    tx.closed = true;
    return c.json(simStatus("00", "Success!", tx.tranId), 200);
  });
  app.post(PAYWAY_PATHS.detail, async (c) => {
    const found = await signedLookup(sim, c, detailRules(sim));
    return found.error ?? c.json(detailResponse(found.tx), 200);
  });
  return app;
}
