// A reseller's bulk order (decision 080), fulfilled in the payment's transaction: N licenses of the
// order's plan, each with its own random buy key, owned by the reseller until they assign them;
// one e-mail with every key (the Reseller page has them too, and their CSV).
import { licenses } from "../../db/schema";
import type { Tx } from "../../db/client";
import { enqueueEmail } from "../../providers/email/outbox";
import { isUniqueViolation } from "../../db/errors";
import { planDays } from "../../../contracts/renewal-terms";
import { generateBuyKey } from "../licenses/service";
import { recordLicenseCreated } from "../notifications/events";
import type { OrdersDeps } from "./deps";
import type { Fulfilment, OrderRow } from "./dto";

interface SoldPlan {
  id: string;
  title: string;
  months: number;
  periodDays: number;
  bonusDays: number;
  keyChanges: number;
}

/** N new licenses in one statement; a buy-key collision (~98 random bits each) is retried with fresh keys. */
async function insertLicenses(tx: Tx, order: OrderRow, plan: SoldPlan) {
  const rows = () =>
    Array.from({ length: order.quantity }, () => ({
      buyKey: generateBuyKey(),
      changesLeft: plan.keyChanges,
      termDays: planDays(plan),
      planId: plan.id,
      orderId: order.id,
      email: order.email.toLowerCase(),
      userId: order.userId,
    }));
  for (let attempt = 0; ; attempt++) {
    try {
      // A savepoint, so a collision does not abort the payment's transaction.
      return await tx.transaction((sp) => sp.insert(licenses).values(rows()).returning());
    } catch (err) {
      if (attempt < 2 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

export async function issueBulkLicenses(tx: Tx, deps: OrdersDeps, order: OrderRow, plan: SoldPlan): Promise<Fulfilment> {
  const issued = await insertLicenses(tx, order, plan);
  for (const license of issued) await recordLicenseCreated(tx, license, { planTitle: plan.title, source: "sale" });
  await enqueueEmail(tx, {
    to: order.email,
    template: "bulk-licenses",
    props: {
      buyKeys: issued.map((l) => l.buyKey),
      planMonths: plan.months,
      termDays: issued[0]!.termDays,
      changesLeft: plan.keyChanges,
      resellerUrl: `${deps.baseUrl}/reseller`,
    },
    timeZone: deps.shopTimeZone,
    fallbackLanguage: order.locale,
  });
  return { quantity: issued.length };
}
