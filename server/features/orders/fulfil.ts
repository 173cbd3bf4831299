// Fulfilment: in ONE database transaction the order becomes paid (a conditional UPDATE that only
// one caller can win) and its goods are granted: a licence and its e-mail, a ledger credit, or
// an extension of the subscription tool's licence; and its receipt is e-mailed. Replays and
// races grant nothing twice.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { licenses, orders, plans, user } from "../../db/schema";
import { enqueueEmail } from "../../providers/email/outbox";
import { changeBalance, ensureApiKey } from "../balance/service";
import { createLicense } from "../licenses/service";
import { recordLicenseCreated, recordLicenseExtended, recordOrderPaid } from "../notifications/events";
import type { OrdersDeps } from "./deps";
import type { Fulfilment, OrderRow } from "./dto";
import { shiftTerm } from "../licenses/term";
import { planDays } from "../../../contracts/renewal-terms";
import { planTermsOf } from "../plans/service";
import { issueBulkLicenses } from "./bulk-fulfil";
import { isBulkOrder } from "../../../contracts/reseller";


/** The order's plan with the terms the order was opened with (decision 074): a later catalogue change alters no open order. */
async function planOf(tx: Tx, order: OrderRow) {
  const [plan] = order.planId ? await tx.select().from(plans).where(eq(plans.id, order.planId)) : [];
  if (!plan) throw new Error(`order refers to unknown plan ${order.planId}`);
  return { ...plan, ...(order.planTerms ?? {}) };
}

/** The account with this e-mail (lower case), if any: a gift's recipient who has signed up already. */
async function accountOf(tx: Tx, email: string): Promise<string | null> {
  const [account] = await tx.select({ id: user.id }).from(user).where(eq(sql`lower(${user.email})`, email)).limit(1);
  return account?.id ?? null;
}

/**
 * A new licence (random buy key, the plan's key changes, no dates until first activation) and its
 * e-mail. A gift (decision 079) is the recipient's: their e-mail and account (none yet: their
 * License Keys shows it once they sign up with that address, as for any licence of an e-mail
 * without an account); the buy key goes to them, in their account's language, else the payer's,
 * saying who it is from, and the order keeps no buy key (the payer sees their orders).
 */
async function issueLicense(tx: Tx, deps: OrdersDeps, order: OrderRow): Promise<Fulfilment> {
  const plan = await planOf(tx, order);
  if (isBulkOrder(order)) return issueBulkLicenses(tx, deps, order, plan);
  const gift = order.kind === "plan" && !order.renewLicenseId ? order.giftEmail : null;
  const owner = gift ? { email: gift, userId: await accountOf(tx, gift) } : { email: order.email, userId: order.userId };
  const license = await createLicense({ db: tx, planId: plan.id, terms: planTermsOf(plan), ...owner, orderId: order.id });
  await recordLicenseCreated(tx, license, { planTitle: plan.title, source: order.kind === "tool" ? "tool" : "sale" });
  await enqueueEmail(tx, {
    to: owner.email,
    template: "license-key",
    props: {
      buyKey: license.buyKey,
      planMonths: plan.months,
      termDays: license.termDays,
      changesLeft: license.changesLeft,
      dashboardUrl: `${deps.baseUrl}/license-keys`,
      ...(gift ? { giftFrom: order.email } : {}),
    },
    timeZone: deps.shopTimeZone,
    fallbackLanguage: order.locale,
  });
  return gift ? { licenseId: license.id, gift: true } : { licenseId: license.id, buyKey: license.buyKey };
}

async function creditTopup(tx: Tx, deps: OrdersDeps, order: OrderRow): Promise<Fulfilment> {
  if (!order.userId) {
    deps.logger.error({ orderId: order.id }, "paid top-up has no user (deleted?): credit it by hand");
    return { reason: "no_user" };
  }
  const key = await ensureApiKey({ db: tx, secret: deps.secret, userId: order.userId });
  const { balanceAfterMills } = await changeBalance(tx, { apiKeyId: key.id, deltaMills: order.amountMills, reason: "topup", reference: order.id, note: order.tranId });
  return { apiKeyId: key.id, balanceAfterMills };
}

/** "PC-LDR…7Q2X": enough for the payer to recognise the device they named, no more. */
const deviceKeyHint = (key: string) => (key.length <= 12 ? key : `${key.slice(0, 6)}…${key.slice(-4)}`);

/**
 * The tool's device key: extend its licence from the later of now and its expiry, else a new
 * licence. Anyone may pay for any licence (a gift is fine), but the buy key goes only to its
 * owner: a payer who is not the owner gets a receipt without it, and the owner is told who
 * extended their licence (decision 017). The order keeps the buy key only when the owner paid,
 * because the payer sees their orders.
 */
async function extendOrIssue(tx: Tx, deps: OrdersDeps, order: OrderRow, now: Date): Promise<Fulfilment> {
  const plan = await planOf(tx, order);
  const days = planDays(plan);
  const [bound] = order.deviceKey
    ? await tx
        .select()
        .from(licenses)
        // A revoked licence is never extended (decision 023): the payment buys a new one instead.
        .where(and(eq(licenses.deviceKey, order.deviceKey), sql`position('expirekey_' in ${licenses.deviceKey}) = 0`, isNull(licenses.revokedAt)))
        .for("update")
    : [];
  if (!bound) return issueLicense(tx, deps, order);
  const [updated] = await tx
    .update(licenses)
    // The licence's plan is the one last paid for: it reads "3 Months plan" after a 3-month renewal (#29).
    .set({ ...shiftTerm(bound, days, now), planId: plan.id, updatedAt: now })
    .where(eq(licenses.id, bound.id))
    .returning();
  const expireDate = updated!.expireDate?.toISOString() ?? null;
  await recordLicenseExtended(tx, updated!, { addedDays: days, orderId: order.id, gift: bound.email !== order.email.toLowerCase() });
  const dashboardUrl = `${deps.baseUrl}/license-keys`;
  if (bound.email === order.email.toLowerCase()) {
    await enqueueEmail(tx, {
      to: order.email,
      template: "license-extended",
      props: { buyKey: bound.buyKey, planMonths: plan.months, addedDays: days, expireDate, dashboardUrl },
      timeZone: deps.shopTimeZone,
      fallbackLanguage: order.locale,
    });
    return { licenseId: bound.id, buyKey: bound.buyKey, extended: true, expireDate, addedDays: days };
  }
  await enqueueEmail(tx, {
    to: order.email,
    template: "license-gift-receipt",
    props: { planMonths: plan.months, addedDays: days, deviceKeyHint: deviceKeyHint(order.deviceKey!), expireDate },
    timeZone: deps.shopTimeZone,
    fallbackLanguage: order.locale,
  });
  // The owner's language is theirs (their account's, else their own latest order's), not the payer's.
  await enqueueEmail(tx, {
    to: bound.email,
    template: "license-extended-by-other",
    props: { payerEmail: order.email, planMonths: plan.months, addedDays: days, buyKeyEnd: bound.buyKey.slice(-5), expireDate, dashboardUrl },
    timeZone: deps.shopTimeZone,
  });
  return { licenseId: bound.id, extended: true, gift: true, expireDate, addedDays: days };
}

/**
 * A renewal bound to a licence (decision 026): that licence is extended from the later of now and
 * its expiry, or its term grows when it is not activated yet. A licence revoked (or gone) since
 * the checkout started gets a new licence instead, so the payment is never lost.
 */
async function renewLicense(tx: Tx, deps: OrdersDeps, order: OrderRow, now: Date): Promise<Fulfilment> {
  const plan = await planOf(tx, order);
  const days = planDays(plan);
  const [license] = await tx
    .select()
    .from(licenses)
    .where(and(eq(licenses.id, order.renewLicenseId!), isNull(licenses.revokedAt)))
    .for("update");
  if (!license) return issueLicense(tx, deps, order);
  const [updated] = await tx
    .update(licenses)
    // The licence's plan is the one last paid for: it reads "3 Months plan" after a 3-month renewal (#29).
    .set({ ...shiftTerm(license, days, now), planId: plan.id, updatedAt: now })
    .where(eq(licenses.id, license.id))
    .returning();
  const expireDate = updated!.expireDate?.toISOString() ?? null;
  await recordLicenseExtended(tx, updated!, { addedDays: days, orderId: order.id, source: "renewal" });
  await enqueueEmail(tx, {
    to: license.email,
    template: "license-extended",
    props: { buyKey: license.buyKey, planMonths: plan.months, addedDays: days, expireDate, dashboardUrl: `${deps.baseUrl}/license-keys` },
    timeZone: deps.shopTimeZone,
    fallbackLanguage: order.locale,
  });
  return { licenseId: license.id, buyKey: license.buyKey, extended: true, expireDate, addedDays: days, termDays: updated!.termDays };
}

/**
 * Marks a verified order paid and grants its goods, atomically. Returns null when another caller
 * already did (or the order is not payable): exactly one caller ever gets past the UPDATE.
 * A locally cancelled order can still be paid: the provider may approve after our lifetime ran out.
 */
export async function fulfilOrder(deps: OrdersDeps, orderId: string, apv: string, now = new Date()): Promise<OrderRow | null> {
  const done = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ status: "paid", paidAt: now, providerRef: apv || null, updatedAt: now })
      .where(and(eq(orders.id, orderId), inArray(orders.status, ["pending", "cancelled"])))
      .returning();
    if (!order) return null;
    const fulfilment =
      order.kind === "plan" ? await (order.renewLicenseId ? renewLicense(tx, deps, order, now) : issueLicense(tx, deps, order)) : order.kind === "topup" ? await creditTopup(tx, deps, order) : await extendOrIssue(tx, deps, order, now);
    const [row] = await tx.update(orders).set({ fulfilment: { ...fulfilment } }).where(eq(orders.id, order.id)).returning();
    // Every paid order gets its receipt (the receipts feature reacts), once: only this caller got past the UPDATE above.
    await deps.events.emit(tx, "order.paid", { order: row! });
    // …and its order.paid event (webhooks, the seller's "new sale"), in this same transaction.
    await recordOrderPaid(tx, row!, { licenceId: fulfilment.licenseId, extended: fulfilment.extended, balanceAfterMills: fulfilment.balanceAfterMills });
    return row!;
  });
  if (done) {
    deps.logger.info({ orderId: done.id, tranId: done.tranId, kind: done.kind }, "order paid and fulfilled");
    deps.onEmailQueued?.();
  }
  return done;
}
