// What this instance counts for the owner's alerts (decision 064), in memory: requests answered
// and those answered 5xx (every request, whether or not /metrics is on), and payment
// notifications whose signature did not verify. The alerts job compares two readings a minute
// apart; the counters only grow.
export interface Signals {
  requests: number;
  serverErrors: number;
  paymentVerifyFailures: number;
}

const counts: Signals = { requests: 0, serverErrors: 0, paymentVerifyFailures: 0 };

/** One answered request (the request edge calls it for every request). */
export function countResponse(status: number): void {
  counts.requests++;
  if (status >= 500) counts.serverErrors++;
}

/** A payment notification (or check) refused because its signature or hash did not verify. */
export function countPaymentVerifyFailure(): void {
  counts.paymentVerifyFailures++;
}

export function readSignals(): Signals {
  return { ...counts };
}
