// A second payment provider beside PayWay, for the server's tests only (issue #31 item 4): "Test
// Pay", whose bank is this process's memory. It is a provider folder like server/providers/payway/
// and nothing else: a test registers it (registerPaymentProvider) and its orders go through the
// real checkout, notification, fulfilment, refund and reconciler code, looked up by orders.provider.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { PaymentProvider, PaymentProviderDefinition, PaymentRef } from "../../providers/payments/types";

export const TEST_PAY_ID = "testpay";
export const TEST_PAY_SIGNATURE_HEADER = "x-testpay-signature";
const SECRET = "test-pay-callback-secret";
const REFERENCE = /^TP[0-9a-f]{16}$/;

interface Payment {
  amountMills: number;
  status: "pending" | "approved" | "declined" | "closed";
  refundedMills: number;
}

/** Test Pay's side: every payment it was asked to take, and what a test makes its customers do. */
export const testPayBank = {
  payments: new Map<string, Payment>(),
  /** The customer pays (Test Pay approves the payment it was shown). */
  pay(reference: string): void {
    const payment = this.payments.get(reference);
    if (!payment || payment.status !== "pending") throw new Error(`Test Pay has no open payment ${reference}`);
    payment.status = "approved";
  },
  /** A refund made in Test Pay's own portal (no notification). */
  refundInPortal(reference: string, amountMills: number): void {
    this.payments.get(reference)!.refundedMills += amountMills;
  },
};

/** The signature Test Pay puts on its notification about a payment. */
export const testPaySignature = (reference: string) => createHmac("sha256", SECRET).update(reference).digest("hex");

function sameSignature(given: string | undefined, reference: string): boolean {
  const expected = Buffer.from(testPaySignature(reference));
  return given !== undefined && given.length === expected.length && timingSafeEqual(Buffer.from(given), expected);
}

const approvedOf = (ref: PaymentRef): Payment | undefined => {
  const payment = testPayBank.payments.get(ref.reference);
  return payment?.status === "approved" && payment.amountMills === ref.amountMills ? payment : undefined;
};

export function createTestPayProvider(baseUrl: string): PaymentProvider {
  return {
    id: TEST_PAY_ID,
    checkoutLifetimeMinutes: 30,
    callbackPath: "/testpay/notify",
    referencePattern: REFERENCE,
    newReference: () => `TP${randomBytes(8).toString("hex")}`,
    createCheckout(input) {
      testPayBank.payments.set(input.reference, { amountMills: input.amountMills, status: "pending", refundedMills: 0 });
      // Never run in a browser: a real provider adds its own shape to contracts/payment-providers.ts
      // and its web component; this one borrows PayWay's form shape so the checkout answer validates.
      return { provider: "payway", action: `${baseUrl}/testpay/pay/${input.reference}`, method: "POST", formId: "aba_merchant_request", target: "aba_webservice", pluginUrl: `${baseUrl}/testpay/checkout.js`, fields: { reference: input.reference } };
    },
    async verify(ref) {
      const payment = testPayBank.payments.get(ref.reference);
      if (!payment) return { outcome: "not_found" };
      if (payment.status === "approved" && payment.amountMills !== ref.amountMills) return { outcome: "mismatch", detail: `amount ${payment.amountMills}` };
      if (payment.status === "approved") return payment.refundedMills >= payment.amountMills ? { outcome: "refunded" } : { outcome: "approved", approvalCode: `TPA-${ref.reference.slice(-6)}` };
      return { outcome: payment.status === "closed" ? "cancelled" : payment.status === "declined" ? "declined" : "pending" };
    },
    async close(reference) {
      const payment = testPayBank.payments.get(reference);
      if (!payment || payment.status !== "pending") return "not_closed";
      payment.status = "closed";
      return "closed";
    },
    readCallback(body, header) {
      const reference = typeof body.reference === "string" ? body.reference : "";
      if (!REFERENCE.test(reference)) return { ok: false, reason: "invalid", message: "Invalid reference" };
      if (!sameSignature(header(TEST_PAY_SIGNATURE_HEADER), reference)) return { ok: false, reason: "bad_signature", message: "signature invalid" };
      return { ok: true, reference };
    },
    async refund(ref, amountMills) {
      const payment = approvedOf(ref);
      if (!payment) return { outcome: "refused", code: "NOT_PAID", message: "Test Pay: not a paid payment" };
      if (payment.refundedMills + amountMills > payment.amountMills) return { outcome: "refused", code: "TOO_MUCH", message: "Test Pay: more than was paid" };
      payment.refundedMills += amountMills;
      return { outcome: "refunded", amountMills, totalRefundedMills: payment.refundedMills };
    },
    async refundedSoFar(ref) {
      return approvedOf(ref)?.refundedMills ?? 0;
    },
  };
}

/** Test Pay in the shop's list of providers: what a test registers. */
export const testPayDefinition: PaymentProviderDefinition = {
  id: TEST_PAY_ID,
  displayName: "Test Pay",
  create: (config) => createTestPayProvider(config.baseUrl),
};
