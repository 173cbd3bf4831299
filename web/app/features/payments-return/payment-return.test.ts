// What a return from paying claims, read from the address: never believed by itself (the pages ask
// the server), but read strictly, so a made-up address cannot smuggle anything through.
import { describe, expect, it } from "vitest";

import {
  MAX_LOCAL_TRANSACTIONS,
  parsePaymentReturn,
  paymentDeepLink,
  recordLocalTransaction,
  signedOutPaymentReturn,
  withoutReturnParams,
  type LocalTransaction,
} from "./payment-return";

const ORDER = "0b9d4f4e-8a0c-4a53-9d51-3f1c2f7a9e10";
const parse = (query: string) => parsePaymentReturn(new URLSearchParams(query));

describe("parsePaymentReturn", () => {
  it("reads the spec's plan and top-up successes with the order they name", () => {
    expect(parse(`payment_success=true&plan_price=%2429.99&plan_title=3+Months&order=${ORDER}`)).toEqual({
      type: "success",
      payment: { kind: "plan", planTitle: "3 Months", planMonths: null, planPrice: "$29.99" },
      orderId: ORDER,
      receipt: null,
    });
    expect(parse("payment_success=true&topup=true&amount=10")).toMatchObject({ type: "success", payment: { kind: "topup", amountMills: 10_000, planPrice: "$10.00" } });
  });

  it("reads other outcomes, and anything unknown as unknown", () => {
    expect(parse(`payment_status=failed&order=${ORDER}`)).toEqual({ type: "status", status: "failed", orderId: ORDER, receipt: null });
    expect(parse("payment_status=hacked")).toMatchObject({ type: "status", status: "unknown" });
    expect(parse("payment_success=true&plan_title=Fake")).toMatchObject({ type: "status", status: "unknown" });
    expect(parse("view=sign_in")).toBeNull();
  });

  it("drops ids and tokens that are not well formed", () => {
    expect(parse("payment_status=paid&order=../../admin")).toMatchObject({ orderId: null });
    expect(parse("payment_status=paid&receipt=KS1.short")).toMatchObject({ receipt: null });
    expect(parse("payment_status=paid&receipt=KS2611241230ABCDEF.AAAAAAAAAAAAAAAAAAAAAA")).toMatchObject({ receipt: "KS2611241230ABCDEF.AAAAAAAAAAAAAAAAAAAAAA" });
  });
});

describe("amounts, addresses and links", () => {
  it("reads a top-up amount as mills, never through floats, and refuses anything else", () => {
    const amountOf = (raw: string) => {
      const ret = parse(`payment_success=true&topup=true&amount=${encodeURIComponent(raw)}`);
      return ret?.type === "success" && ret.payment.kind === "topup" ? ret.payment.amountMills : null;
    };
    expect(amountOf("10")).toBe(10_000);
    expect(amountOf("9.5")).toBe(9_500);
    for (const bad of ["0", "-1", "1.234", "abc", "1e3", ""]) expect(amountOf(bad), bad).toBeNull();
  });

  it("cleans the return's parameters and keeps the others", () => {
    expect(withoutReturnParams("/subscription_tool", "?license=PC-LDREEL-1&payment_success=true&plan_title=x&receipt=y")).toBe("/subscription_tool?license=PC-LDREEL-1");
    expect(withoutReturnParams("/profile", `?payment_status=failed&order=${ORDER}`)).toBe("/profile");
  });

  it("sends a signed-out buyer back on /license-history to the v2 page with the same query", () => {
    expect(signedOutPaymentReturn("/license-history", "?payment_success=true&receipt=r")).toBe("/subscription_tool_v2?payment_success=true&receipt=r");
    expect(signedOutPaymentReturn("/license-history", "")).toBeNull();
    expect(signedOutPaymentReturn("/profile", "?payment_success=true")).toBeNull();
  });

  it("builds the app's deep link with the plan and price", () => {
    expect(paymentDeepLink({ planTitle: "1 Month", planPrice: "$9.99" })).toBe("payment-success://payment?title=1+Month&price=%249.99");
  });
});

describe("the local transaction record", () => {
  it("keeps the last one and the ten latest, one per id", () => {
    const record = (n: number): LocalTransaction => ({ transactionId: `t${n}`, email: "a@b.co", planTitle: "1 Month", planPrice: "$9.99", timestamp: String(n), status: "success", source: "license_history" });
    for (let n = 1; n <= 12; n++) recordLocalTransaction(record(n), localStorage);
    recordLocalTransaction(record(12), localStorage);
    const list = JSON.parse(localStorage.getItem("transactions")!) as LocalTransaction[];
    expect(list).toHaveLength(MAX_LOCAL_TRANSACTIONS);
    expect(list.map((t) => t.transactionId)).toEqual(["t12", "t11", "t10", "t9", "t8", "t7", "t6", "t5", "t4", "t3"]);
    expect(JSON.parse(localStorage.getItem("lastTransaction")!)).toMatchObject({ transactionId: "t12" });
  });
});
