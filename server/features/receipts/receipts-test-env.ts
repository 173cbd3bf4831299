// Test support for the receipt suites: a paid order as the orders table holds it.
import type { OrderRow } from "../orders/dto";

/** A 3-month plan paid on 2026-11-24 at 07:05 UTC by buyer@example.com, in English; `over` changes any field. */
export function paidOrder(over: Partial<OrderRow> = {}): OrderRow {
  const paidAt = new Date("2026-11-24T07:05:00Z");
  return {
    id: "3f0c9a52-4a4e-4bf1-9f0e-0f3cb5f0a001",
    tranId: "KS261124070512ABCDEF",
    provider: "payway",
    locale: "en",
    kind: "plan",
    userId: "user-1",
    email: "buyer@example.com",
    planId: "local-3m",
    planTitle: "3 Months",
    planTerms: null,
    amountMills: 29_990,
    discountCode: null,
    discountId: null,
    discountMills: 0,
    currency: "USD",
    status: "paid",
    providerRef: "123456",
    refundedMills: 0,
    refundClaimUntil: null,
    deviceKey: null,
    renewLicenseId: null,
    giftEmail: null,
    quantity: 1,
    unitPriceMills: null,
    fulfilment: null,
    createdAt: paidAt,
    updatedAt: paidAt,
    paidAt,
    expiresAt: null,
    nextCheckAt: null,
    ...over,
  };
}
