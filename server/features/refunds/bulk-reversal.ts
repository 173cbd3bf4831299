// What a refund of a reseller's bulk order takes back (decision 080). Its licences are the
// reseller's until assigned; an assigned one belongs to an end customer who paid the reseller, so
// no refund revokes it (the seller still can, from the customer's page):
//   full     every licence of the order not yet assigned (and not revoked already)
//   partial  floor(amount / unit price) of those, newest first (created_at desc, id desc)
// A partial refund worth more than the unassigned licences is refused before the provider is asked
// (service.ts, under the order's row lock). Assignments take the order's row FOR SHARE and are
// refused while a refund is claimed or recorded but not applied (reseller/assign.ts), so the count
// judged there is the count revoked here. A refund made at the provider's portal was never judged:
// it revokes what there is (never an assigned licence).
import { and, count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { licenses } from "../../db/schema";
import type { OrderRow } from "../orders/dto";
import { revokeForRefund } from "./revoke-row";
import { unitPriceOf } from "../../../contracts/reseller";
import type { TakenBack } from "./revoke-row";

const unassigned = (orderId: string) => and(eq(licenses.orderId, orderId), isNull(licenses.assignedAt), isNull(licenses.revokedAt));

/** How many of the order's licences a refund could still revoke (not assigned, not revoked). */
export async function unassignedCount(tx: Tx, orderId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(licenses).where(unassigned(orderId));
  return Number(row?.n ?? 0);
}

/** How many licences a refund of `amountMills` revokes: all of them on a full refund, else its whole units. */
export function licensesToRevoke(order: Pick<OrderRow, "unitPriceMills" | "amountMills" | "quantity">, amountMills: number, full: boolean): number {
  return full ? Number.MAX_SAFE_INTEGER : Math.floor(amountMills / unitPriceOf(order));
}

export async function revokeBulk(tx: Tx, order: OrderRow, amountMills: number, full: boolean, now: Date): Promise<TakenBack> {
  const wanted = licensesToRevoke(order, amountMills, full);
  const rows = wanted > 0 ? await tx.select().from(licenses).where(unassigned(order.id)).orderBy(desc(licenses.createdAt), desc(licenses.id)).limit(Math.min(wanted, 1000)).for("update") : [];
  for (const license of rows) await revokeForRefund(tx, order, license, now);
  const [kept] = await tx
    .select({ n: count() })
    .from(licenses)
    .where(and(eq(licenses.orderId, order.id), isNotNull(licenses.assignedAt), isNull(licenses.revokedAt)));
  const keptAssigned = Number(kept?.n ?? 0);
  const licenseIds = rows.map((l) => l.id);
  return {
    reversal: {
      licencesRevoked: { count: licenseIds.length, licenseIds, keptAssigned },
      ...(licenseIds.length === 0 ? { nothing: wanted > 0 ? "no licence of the order was left unassigned" : "a partial refund below one licence's price keeps the licences" } : {}),
    },
    lines: [{ kind: "licences-revoked", count: licenseIds.length, keptAssigned }],
  };
}
