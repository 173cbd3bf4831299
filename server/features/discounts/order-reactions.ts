// What a discount code's use does when its order moves (wired in server/reactions.ts, decision 065):
// paid → the use is spent and `discount.used` is announced; closed unpaid → the use is free again.
import type { Tx } from "../../db/client";
import { recordDiscountUsed } from "../notifications/events";
import { releaseDiscountUse, spendDiscountUse } from "./rules";

interface DiscountedOrder {
  id: string;
  tranId: string;
  email: string;
  planId: string | null;
  amountMills: number;
  discountId: string | null;
  discountCode: string | null;
  discountMills: number;
}

export async function spendDiscountOfPaidOrder(tx: Tx, order: DiscountedOrder) {
  if (!order.discountId) return;
  await spendDiscountUse(tx, order.id);
  await recordDiscountUsed(tx, { ...order, discountCode: order.discountCode ?? "" });
}

export async function releaseDiscountOfClosedOrder(tx: Tx, order: DiscountedOrder) {
  if (order.discountId) await releaseDiscountUse(tx, order.id);
}
