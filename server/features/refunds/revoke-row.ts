// Revoking one licence for a refund, with its licence_history row: the one way every refund path
// (a plan order's licence, a bulk order's unassigned ones) revokes. The caller holds the row lock.
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { licenseHistory, licenses } from "../../db/schema";
import type { OrderRow } from "../orders/dto";
import type { Reversal } from "../../../contracts/refunds";
import type { TakenBackLine } from "../../providers/email/templates/refund-made";

export type LicenseRow = typeof licenses.$inferSelect;

/** What a refund took back (every rule's answer, reversal.ts and bulk-reversal.ts). */
export interface TakenBack {
  reversal: Reversal;
  /** For the customer's e-mail, which words each in the customer's language. */
  lines: TakenBackLine[];
}

export async function revokeForRefund(tx: Tx, order: Pick<OrderRow, "tranId">, license: LicenseRow, now: Date): Promise<void> {
  await tx.update(licenses).set({ revokedAt: now, updatedAt: now }).where(eq(licenses.id, license.id));
  await tx.insert(licenseHistory).values({
    licenseId: license.id,
    userId: license.userId,
    oldDeviceKey: license.deviceKey,
    newDeviceKey: license.deviceKey,
    buykey: license.buyKey,
    email: license.email,
    status: "revoked",
    changedBy: "refund",
    changeDate: now,
    notes: `Revoked: order ${order.tranId} was refunded`,
  });
}
