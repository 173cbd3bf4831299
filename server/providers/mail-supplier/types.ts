// One interface for every source of disposable addresses: the local inbox or an upstream supplier.

/** One received message, as every supplier hands it over (and code extraction reads it). */
export interface InboundMail {
  from: string;
  subject: string;
  text: string;
  html?: string | null;
  receivedAt: Date;
}

/**
 * Why a supplier call failed. no_stock: nothing to sell right now (the buyer may retry later);
 * bad_token: our credential was refused (an operator must fix it); rejected: the supplier
 * understood and refused the request; unavailable: unreachable, slow, broken or unexpected answer.
 * Messages are for our logs: they never carry the token or the request URL.
 */
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
  /** Acquiring an address costs nothing (our own inbox): no need to check the balance first. */
  freeToAcquire?: boolean;
  /** Mail reaches our own SMTP receiver and the order changes at once (our inbox); unset: codes are
   *  known only by asking the supplier, so a request waiting for a code asks it now and then. */
  pushesArrivals?: boolean;
  /** Whether addresses for this service can be bought from it (unset: every service). */
  serves?(service: string): boolean;
  /** Reserve an address for a site (e.g. facebook). */
  acquire(input: { service: string }): Promise<{ address: string; ref: string }>;
  /** Messages received for the address since `since` (`service` as given to acquire). */
  messages(input: { address: string; ref: string; since: Date; service: string }): Promise<InboundMail[]>;
  /** Another activation on an address bought before (Kopeechka's mailbox-reorder); unset: not offered. */
  reorder?(input: { address: string; ref: string; service: string }): Promise<{ address: string; ref: string }>;
  /** Give the address back (cancel/expiry); best effort. */
  release(input: { ref: string }): Promise<void>;
}
