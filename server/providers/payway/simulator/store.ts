// The simulator's transactions and their state machine (in memory: it is a development tool).
//   PENDING → APPROVED | DECLINED | CANCELLED;  APPROVED → REFUNDED;  the rest are final.
import { randomInt } from "node:crypto";

export type SimStatus = "PENDING" | "APPROVED" | "DECLINED" | "CANCELLED" | "REFUNDED";
export const STATUS_CODE: Record<SimStatus, number> = { APPROVED: 0, PENDING: 2, DECLINED: 3, REFUNDED: 4, CANCELLED: 7 };
const TRANSITIONS: Record<SimStatus, SimStatus[]> = {
  PENDING: ["APPROVED", "DECLINED", "CANCELLED"],
  APPROVED: ["REFUNDED"],
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
  /** close-transaction was called: no callback will be sent. */
  closed: boolean;
  refundAmount: string;
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

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join("");

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
    if (!TRANSITIONS[tx.status].includes(to)) throw new TransitionError(tx.status, to);
    tx.status = to;
    if (to === "APPROVED") {
      tx.apv = digits(6);
      tx.bankRef = `100FT${digits(11)}`;
    }
    if (to === "REFUNDED") tx.refundAmount = tx.amount;
    return tx;
  }
}

/** PayWay's transaction dates are gateway local time (UTC+7), "YYYY-MM-DD HH:mm:ss". */
export function gatewayDate(date: Date): string {
  return new Date(date.getTime() + 7 * 3_600_000).toISOString().replace("T", " ").slice(0, 19);
}
