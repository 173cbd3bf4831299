// The simulator's transactions and their state machine (in memory: it is a development tool).
//   PENDING → APPROVED | DECLINED | CANCELLED;  APPROVED → REFUNDED (→ REFUNDED again while only
//   partly refunded);  the rest are final.
// A refund, full or partial, makes the transaction REFUNDED, as PayWay does ("4 REFUNDED (full or
// partial)"; its refund API answers transaction_status REFUNDED either way, and the sandbox flipped
// a 0.10 of 0.50 refund to REFUNDED). Further partial refunds are allowed until the paid amount is
// refunded; refund_amount (check-transaction-2, transaction-detail) tells how much was.
import { randomInt } from "node:crypto";
import { parseDollars } from "../../../../contracts/money";
import { millsToJsonNumber } from "../amounts";

export type SimStatus = "PENDING" | "APPROVED" | "DECLINED" | "CANCELLED" | "REFUNDED";
export const STATUS_CODE: Record<SimStatus, number> = { APPROVED: 0, PENDING: 2, DECLINED: 3, REFUNDED: 4, CANCELLED: 7 };
const TRANSITIONS: Record<SimStatus, SimStatus[]> = {
  PENDING: ["APPROVED", "DECLINED", "CANCELLED"],
  APPROVED: ["REFUNDED"], // and REFUNDED → REFUNDED while partially refunded (refund())
  DECLINED: [],
  CANCELLED: [],
  REFUNDED: [],
};

export interface CallbackDelivery {
  at: string;
  /** HTTP status of the merchant's answer; null when lost or unreachable. */
  status: number | null;
  error?: string;
}

/** How the payer paid (transaction-detail and the rich callback), decided at approval. */
export interface SimPayer {
  /** ABA Pay, KHQR, VISA, MC, JCB, CUP, Alipay, Wechat. */
  paymentType: string;
  /** Masked account number or card PAN; blank for other options. */
  payerAccount: string;
  bankName: string;
  /** ONUS, OFFUS_DOMESTIC, OFFUS_INTERNATIONAL for cards; blank otherwise. */
  cardSource: string;
}

export interface SimRefund {
  amountMills: number;
  at: Date;
  bankRef: string;
}

export interface SimTransaction {
  merchantId: string;
  tranId: string;
  /** Exactly as posted ("29.99"). */
  amount: string;
  currency: string;
  status: SimStatus;
  createdAt: Date;
  expiresAt: Date;
  /** Decoded from Base64; where the callback goes. */
  returnUrl: string | null;
  cancelUrl: string;
  continueSuccessUrl: string;
  returnParams: string;
  paymentOption: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  apv: string;
  bankRef: string;
  approvedAt: Date | null;
  payer: SimPayer | null;
  /** close-transaction was called: no callback will be sent. */
  closed: boolean;
  /** Total refunded as decimal text ("" before any refund); the refunds themselves below. */
  refundAmount: string;
  refunds: SimRefund[];
  callbacks: CallbackDelivery[];
}

export class TransitionError extends Error {
  constructor(
    public readonly from: SimStatus,
    public readonly to: SimStatus,
  ) {
    super(`A ${from} transaction cannot become ${to}`);
  }
}

export class RefundError extends Error {
  constructor(
    public readonly reason: "status" | "amount",
    message: string,
  ) {
    super(message);
  }
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join("");

/** The posted amount ("29.99", "4000", "150.000") in mills; validated at purchase. */
export function paidMills(tx: SimTransaction): number {
  return parseDollars(tx.amount.includes(".") ? tx.amount.replace(/0+$/, "").replace(/\.$/, "") : tx.amount) ?? 0;
}

export function refundedMills(tx: SimTransaction): number {
  return tx.refunds.reduce((sum, r) => sum + r.amountMills, 0);
}

function payerFor(option: string): SimPayer {
  if (option === "cards" || option === "google_pay") return { paymentType: "VISA", payerAccount: "411111xxxxxx1111", bankName: "", cardSource: "ONUS" };
  if (option === "alipay") return { paymentType: "Alipay", payerAccount: "", bankName: "", cardSource: "" };
  if (option === "wechat") return { paymentType: "Wechat", payerAccount: "", bankName: "", cardSource: "" };
  // ABA Pay and KHQR paid from ABA Mobile (the sandbox reports a KHQR payment as "ABA Pay").
  return { paymentType: "ABA Pay", payerAccount: "000***123", bankName: "ABA Bank", cardSource: "" };
}

export class SimStore {
  private readonly byKey = new Map<string, SimTransaction>();

  constructor(private readonly now: () => Date) {}

  private key(merchantId: string, tranId: string) {
    return `${merchantId}\n${tranId}`;
  }

  has(merchantId: string, tranId: string) {
    return this.byKey.has(this.key(merchantId, tranId));
  }

  add(tx: SimTransaction) {
    this.byKey.set(this.key(tx.merchantId, tx.tranId), tx);
  }

  /** A transaction past its lifetime while pending is cancelled when next read. */
  get(merchantId: string, tranId: string): SimTransaction | undefined {
    return this.expireIfDue(this.byKey.get(this.key(merchantId, tranId)));
  }

  /** For the control endpoints, which do not name the merchant. */
  find(tranId: string): SimTransaction | undefined {
    for (const tx of this.byKey.values()) if (tx.tranId === tranId) return this.expireIfDue(tx);
    return undefined;
  }

  list(): SimTransaction[] {
    return [...this.byKey.values()].map((tx) => this.expireIfDue(tx)!);
  }

  private expireIfDue(tx: SimTransaction | undefined) {
    if (tx && tx.status === "PENDING" && this.now() >= tx.expiresAt) tx.status = "CANCELLED";
    return tx;
  }

  transition(tx: SimTransaction, to: SimStatus): SimTransaction {
    // The control route's refund refunds what is left (also after partial refunds).
    if (to === "REFUNDED") {
      try {
        return this.refund(tx, paidMills(tx) - refundedMills(tx));
      } catch (err) {
        if (err instanceof RefundError) throw new TransitionError(tx.status, to);
        throw err;
      }
    }
    if (!TRANSITIONS[tx.status].includes(to)) throw new TransitionError(tx.status, to);
    tx.status = to;
    if (to === "APPROVED") {
      tx.apv = digits(6);
      tx.bankRef = `100FT${digits(11)}`;
      tx.approvedAt = this.now();
      tx.payer = payerFor(tx.paymentOption);
    }
    return tx;
  }

  /** A full or partial refund of a paid transaction, up to what is left of the paid amount. */
  refund(tx: SimTransaction, mills: number): SimTransaction {
    if (tx.status !== "APPROVED" && tx.status !== "REFUNDED") throw new RefundError("status", `A ${tx.status} transaction cannot be refunded`);
    const left = paidMills(tx) - refundedMills(tx);
    if (!Number.isSafeInteger(mills) || mills <= 0 || mills > left) throw new RefundError("amount", `Refund of ${mills} mills exceeds the ${left} mills left`);
    tx.refunds.push({ amountMills: mills, at: this.now(), bankRef: `100FT${digits(11)}` });
    tx.status = "REFUNDED";
    tx.refundAmount = String(millsToJsonNumber(refundedMills(tx)));
    return tx;
  }
}

/** PayWay's transaction dates are gateway local time (UTC+7), "YYYY-MM-DD HH:mm:ss". */
export function gatewayDate(date: Date): string {
  return new Date(date.getTime() + 7 * 3_600_000).toISOString().replace("T", " ").slice(0, 19);
}
