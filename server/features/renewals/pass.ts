// One pass of every time-driven worker at a given time (decision 026), for the test API's
// POST /dev/test-api/workers/run: reminders and recoveries are tested without waiting. Each worker
// runs as it does on its timer, with `now` in place of the clock.
import type { SuspicionThresholds } from "../licenses/signals";
import { flagSuspiciousLicences } from "../licenses/signals";
import type { OrdersDeps } from "../orders/deps";
import { reconcileOrders, reconcileRefunds } from "../orders/reconcile";
import type { OtpMailDeps } from "../otp-mail/service";
import { expireOtpOrders } from "../otp-mail/service";
import { recoverAbandonedCheckouts, sendExpiryReminders } from "./workers";

export interface WorkerPassDeps {
  orders: OrdersDeps;
  otpMail: OtpMailDeps;
  suspicion: SuspicionThresholds;
  onEmailQueued?: () => void;
}

export async function runWorkerPass(deps: WorkerPassDeps, now: Date) {
  const { orders } = deps;
  const renewals = { db: orders.db, baseUrl: orders.baseUrl, secret: orders.secret, shopTimeZone: orders.shopTimeZone, logger: orders.logger, onEmailQueued: deps.onEmailQueued };
  // In the order the timers would meet them: checkouts settled or closed first, then what follows from them.
  const reconciled = await reconcileOrders(orders, now);
  const refunds = await reconcileRefunds(orders, now);
  const otpExpired = await expireOtpOrders(deps.otpMail, now);
  const suspicious = await flagSuspiciousLicences({ db: orders.db, thresholds: deps.suspicion, now });
  const reminders = await sendExpiryReminders(renewals, now);
  const abandoned = await recoverAbandonedCheckouts(renewals, now);
  return { now: now.toISOString(), reconciled, refunds, otpExpired, suspicious: suspicious.length, reminders, abandoned };
}
