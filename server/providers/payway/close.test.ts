// close-transaction in the client, against canned PayWay answers: the signed request (known-answer
// hash) and how each documented code maps onto the result (or a PaywayError).
import { describe, expect, it } from "vitest";
import { createPaywayClient, PAYWAY_PATHS, PaywayError, type PaywaySettings } from "./client";

const NOW = new Date("2026-09-23T05:06:07Z");

function stub(status: number, body: unknown, seen: Array<{ url: string; body: unknown }> = []): PaywaySettings {
  return {
    baseUrl: "https://checkout-sandbox.payway.com.kh",
    merchantId: "ec000002",
    apiKey: "test-api-key-not-real",
    fetch: (async (url: string, init: RequestInit) => {
      seen.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(typeof body === "string" ? body : JSON.stringify(body), { status });
    }) as typeof fetch,
  };
}

const answer = (code: string | number, message = "") => ({ status: { code, message, tran_id: "TP260923050607AB12CD" } });
const close = (settings: PaywaySettings) => createPaywayClient(settings).closeTransaction("TP260923050607AB12CD", NOW);

describe("closeTransaction", () => {
  it("posts req_time, merchant_id, tran_id and the documented hash as JSON", async () => {
    const seen: Array<{ url: string; body: unknown }> = [];
    expect(await close(stub(200, answer("00", "Success!"), seen))).toEqual({ outcome: "closed" });
    expect(seen).toEqual([
      {
        url: `https://checkout-sandbox.payway.com.kh${PAYWAY_PATHS.close}`,
        body: {
          req_time: "20260923050607",
          merchant_id: "ec000002",
          tran_id: "TP260923050607AB12CD",
          hash: "irCS1+A0+3XGMUK8dZJvMaiL6cL5FKqis72NIHMph17slgtjT2vBKggZuSekiTz3XDRbOr3j8phKTa8ghCpgaQ==",
        },
      },
    ]);
  });

  it("maps PayWay's answers whatever the HTTP status", async () => {
    expect(await close(stub(403, answer(2, "This transaction has already been approved and cannot be cancelled.")))).toEqual({ outcome: "already_approved" });
    expect(await close(stub(403, answer(5, "Transaction not found")))).toEqual({ outcome: "not_found" });
    expect(await close(stub(200, answer(6, "tran_id not found")))).toEqual({ outcome: "not_found" });
    expect(await close(stub(403, answer("PTL99", "Something else")))).toEqual({ outcome: "not_closable", code: "PTL99", message: "Something else" });
  });

  it("throws PaywayError for key, profile, rate and transport failures", async () => {
    const cases: Array<[PaywaySettings, string | undefined]> = [
      [stub(403, answer("1", "Wrong Hash")), "1"],
      [stub(403, answer(5, "Invalid hash")), "5"],
      [stub(403, answer(26, "Invalid merchant profile")), "26"],
      [stub(403, answer(429, "Rate limit exceeded")), "429"],
      [stub(502, "<html>Bad gateway</html>"), undefined],
      [stub(200, { unexpected: true }), undefined],
      [{ ...stub(200, {}), fetch: (async () => Promise.reject(new Error("ECONNREFUSED"))) as typeof fetch }, undefined],
    ];
    for (const [settings, code] of cases) {
      const err = await close(settings).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PaywayError);
      expect((err as PaywayError).code).toBe(code);
    }
  });
});
