// For access and fuzz tests, where no PayWay answers: the real provider, except that every refund
// is made and remembered (how much of each payment went back). The money path itself is tested
// against the PayWay simulator over HTTP (features/refunds/refunds-*.test.ts).
import type { PaymentProvider } from "../providers/payments/types";

export function withRefundsMade(real: PaymentProvider): PaymentProvider {
  const refunded = new Map<string, number>();
  return {
    ...real,
    refund: async (payment, amountMills) => {
      const total = (refunded.get(payment.reference) ?? 0) + amountMills;
      refunded.set(payment.reference, total);
      return { outcome: "refunded", amountMills, totalRefundedMills: total };
    },
    refundedSoFar: async (payment) => refunded.get(payment.reference) ?? 0,
  };
}
