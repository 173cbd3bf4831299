// What a refund takes back, inside the refund's own transaction (decision 024):
//   plan  a full refund revokes the licence the order issued, or takes a renewal's days off the
//         licence again (decision 026); a partial one takes nothing back
//   bulk  a reseller's bulk order (decision 080): a full refund revokes its licences not yet
//         assigned, a partial one floor(amount / unit price) of them, newest first (bulk-reversal.ts)
//   tool  a full refund takes the days the renewal added off the licence again (or revokes the
//         licence it issued); a partial one takes nothing back
//   topup every refund debits its amount through the ledger, never below zero: what the balance
//         no longer holds is recorded as a shortfall (the money already went back at the provider)
// The caller holds the order's row lock; the licence and API-key rows are locked here.
import { eq, type SQL } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { apiKeys, licenses, plans } from "../../db/schema";
import { changeBalance } from "../balance/service";
import { fulfilmentOf, type OrderRow } from "../orders/dto";
import { shiftTerm } from "../licenses/term";
import { planDays } from "../../../contracts/renewal-terms";
import { revokeBulk } from "./bulk-reversal";
import { isBulkOrder } from "../../../contracts/reseller";
import { revokeForRefund, type TakenBack } from "./revoke-row";

async function revokeLicense(tx: Tx, order: OrderRow, licenseId: string | undefined, now: Date): Promise<TakenBack> {
  const [license] = licenseId
    ? await tx.select().from(licenses).where(eq(licenses.id, licenseId)).for("update")
    : await tx.select().from(licenses).where(eq(licenses.orderId, order.id)).for("update");
  if (!license) return { reversal: { nothing: "no licence was issued for this order" }, lines: [] };
  if (license.revokedAt) return { reversal: { nothing: "the licence was already revoked" }, lines: [] };
  await revokeForRefund(tx, order, license, now);
  return {
    reversal: { licenceRevoked: { licenseId: license.id, buyKey: license.buyKey } },
    // A gift's payer never sees the recipient's buy key (decision 079).
    lines: [{ kind: "licence-revoked", buyKey: fulfilmentOf(order).gift ? null : license.buyKey }],
  };
}

async function removeDays(tx: Tx, order: OrderRow, now: Date): Promise<TakenBack> {
  const f = fulfilmentOf(order);
  if (!f.licenseId) return { reversal: { nothing: "no licence was extended" }, lines: [] };
  let days = f.addedDays;
  if (days === undefined) {
    // Orders fulfilled before the days were kept: the plan's period and bonus, as fulfilment added them.
    const [plan] = order.planId ? await tx.select().from(plans).where(eq(plans.id, order.planId)) : [];
    days = order.planTerms ? planDays(order.planTerms) : plan ? planDays(plan) : 0;
  }
  const [license] = await tx.select().from(licenses).where(eq(licenses.id, f.licenseId)).for("update");
  if (!license || days <= 0) return { reversal: { nothing: "the extended licence is gone" }, lines: [] };
  // Activated since (or before): the expiry moves back; not yet activated: the term shrinks.
  const [updated] = await tx
    .update(licenses)
    .set({ ...shiftTerm(license, -days, now), updatedAt: now })
    .where(eq(licenses.id, license.id))
    .returning();
  const expireDate = updated!.expireDate?.toISOString() ?? null;
  return {
    reversal: { daysRemoved: { licenseId: license.id, days, expireDate } },
    // A gift's payer is not told the owner's new expiry.
    lines: [{ kind: "days-removed", days, expireDate: f.gift ? null : expireDate }],
  };
}

/** The API key a top-up credited: the one its fulfilment recorded, else its buyer's account's; none without an account. */
function creditedKey(order: OrderRow): SQL | null {
  const f = fulfilmentOf(order);
  return f.apiKeyId ? eq(apiKeys.id, f.apiKeyId) : order.userId ? eq(apiKeys.userId, order.userId) : null;
}

async function debitTopup(tx: Tx, order: OrderRow, amountMills: number, actorUserId: string | null): Promise<TakenBack> {
  const where = creditedKey(order);
  const [key] = where ? await tx.select().from(apiKeys).where(where).for("update") : [];
  if (!key) return { reversal: { nothing: "no balance was credited (no account)" }, lines: [] };
  const debit = Math.min(amountMills, key.balanceMills);
  const shortfallMills = amountMills - debit;
  let balanceAfterMills = key.balanceMills;
  if (debit > 0) {
    ({ balanceAfterMills } = await changeBalance(tx, { apiKeyId: key.id, deltaMills: -debit, reason: "topup_refund", reference: order.id, actorUserId, note: order.tranId }));
  }
  return {
    reversal: { balanceDebited: { apiKeyId: key.id, mills: debit, balanceAfterMills }, ...(shortfallMills > 0 ? { shortfallMills } : {}) },
    lines: [{ kind: "balance-debited", debitMills: debit, balanceAfterMills }],
  };
}

/** What a refund takes back, the one rule (see the top of this file). */
export type TakeBackRule = "debit-balance" | "keep-license" | "remove-days" | "revoke-license" | "revoke-unassigned";

/**
 * What a refund of the order takes back; `full` when this refund completes the order's refunds.
 * A top-up's balance always; a licence only on a full refund: a renewal (decision 026) or an
 * extension by device key gives its days back, a new licence is revoked. A bulk order, full or
 * partial: its licences not yet assigned (how many: bulk-reversal.ts).
 */
export function takeBackRule(order: Pick<OrderRow, "kind" | "fulfilment"> & Partial<Pick<OrderRow, "quantity">>, full: boolean): TakeBackRule {
  if (order.kind === "topup") return "debit-balance";
  if (isBulkOrder(order)) return "revoke-unassigned";
  if (!full) return "keep-license";
  return fulfilmentOf(order).extended ? "remove-days" : "revoke-license";
}

/** Takes back the goods of `amountMills` of the order; `full` when this refund completes it. */
export async function takeBack(tx: Tx, order: OrderRow, amountMills: number, full: boolean, actorUserId: string | null, now: Date): Promise<TakenBack> {
  switch (takeBackRule(order, full)) {
    case "debit-balance":
      return debitTopup(tx, order, amountMills, actorUserId);
    case "keep-license":
      return { reversal: { nothing: "a partial refund keeps the licence" }, lines: [{ kind: "licence-kept" }] };
    case "remove-days":
      return removeDays(tx, order, now);
    case "revoke-license":
      return revokeLicense(tx, order, fulfilmentOf(order).licenseId, now);
    case "revoke-unassigned":
      return revokeBulk(tx, order, amountMills, full, now);
  }
}

/** Whether the goods can be taken back before the provider is asked: a top-up's balance must hold it. */
export async function balanceHolding(tx: Tx, order: OrderRow): Promise<number | null> {
  if (order.kind !== "topup") return null;
  const where = creditedKey(order);
  const [key] = where ? await tx.select({ balanceMills: apiKeys.balanceMills }).from(apiKeys).where(where) : [];
  return key ? key.balanceMills : null;
}
