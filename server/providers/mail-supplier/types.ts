// One interface for every source of disposable addresses: the local inbox or an upstream supplier.
import type { InboundMail } from "../../features/otp-mail/extract";

export class SupplierError extends Error {
  constructor(
    public readonly reason: "no_stock" | "bad_token" | "unavailable" | "rejected",
    message: string,
  ) {
    super(message);
    this.name = "SupplierError";
  }
}

export interface MailSupplier {
  id: string;
  /** Reserve an address for a site (e.g. facebook). */
  acquire(input: { service: string }): Promise<{ address: string; ref: string }>;
  /** Messages received for the address since `since`. */
  messages(input: { address: string; ref: string; since: Date }): Promise<InboundMail[]>;
  /** Give the address back (cancel/expiry); best effort. */
  release(input: { ref: string }): Promise<void>;
}
