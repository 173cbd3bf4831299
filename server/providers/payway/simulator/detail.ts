// transaction-detail's answer (shared/providers/payway.md §5.5; PayWay's "Get Transaction
// Details" page): check-transaction-2's data plus the payer and the operations history, in which
// every refund made so far appears as a "Refunded" operation with its own amount.
import { millsToJsonNumber } from "../amounts";
import { gatewayDate, paidMills, refundedMills, STATUS_CODE, type SimTransaction } from "./store";

interface Operation {
  status: string;
  amount: number;
  transaction_date: string;
  bank_ref: string;
}

function operations(tx: SimTransaction): Operation[] {
  if (!tx.approvedAt) return []; // the sandbox lists no operation for an unpaid transaction
  const amount = millsToJsonNumber(paidMills(tx));
  const ops: Operation[] = [];
  // Card payments show the order's creation first; ABA Pay / KHQR only the completion.
  if (tx.payer?.cardSource) ops.push({ status: "Create Order", amount, transaction_date: gatewayDate(tx.createdAt), bank_ref: "" });
  ops.push({ status: "Completed", amount, transaction_date: gatewayDate(tx.approvedAt), bank_ref: tx.bankRef });
  for (const r of tx.refunds) ops.push({ status: "Refunded", amount: millsToJsonNumber(r.amountMills), transaction_date: gatewayDate(r.at), bank_ref: r.bankRef });
  return ops;
}

export function detailResponse(tx: SimTransaction) {
  const amount = millsToJsonNumber(paidMills(tx)); // serialisation only: PayWay answers with JSON numbers
  const paid = tx.approvedAt !== null && (tx.status === "APPROVED" || tx.status === "REFUNDED");
  return {
    data: {
      transaction_id: tx.tranId,
      payment_status_code: STATUS_CODE[tx.status],
      payment_status: tx.status,
      original_amount: amount,
      original_currency: tx.currency,
      payment_amount: paid ? amount : 0,
      payment_currency: paid ? tx.currency : "",
      total_amount: amount,
      refund_amount: millsToJsonNumber(refundedMills(tx)),
      discount_amount: 0,
      apv: paid ? tx.apv : "",
      transaction_date: gatewayDate(tx.createdAt),
      first_name: tx.firstname,
      last_name: tx.lastname,
      email: tx.email,
      phone: tx.phone,
      bank_ref: paid ? tx.bankRef : "",
      // The sandbox answers "N/A" before payment.
      payment_type: tx.payer?.paymentType ?? "N/A",
      payer_account: tx.payer?.payerAccount ?? "",
      bank_name: tx.payer?.bankName ?? "",
      card_source: tx.payer?.cardSource ?? "",
      transaction_operations: operations(tx),
    },
    status: { code: "00", message: "Success!", tran_id: tx.tranId },
  };
}
