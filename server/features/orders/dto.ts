// Order rows as the web sees them.
import { TOP_UP_TITLE, type Order } from "../../../contracts/orders";
import { orders } from "../../db/schema";
import { formatMoney } from "../../../contracts/money";
import { paymentProviderName } from "../../providers/payments";

export type OrderRow = typeof orders.$inferSelect;

/** What fulfilment produced, kept on the order (jsonb). */
export interface Fulfilment {
  licenseId?: string;
  /** The licence's buy key, only where the buyer is its owner (the buyer sees their orders). */
  buyKey?: string;
  extended?: boolean;
  /** A licence of someone else's was extended, or issued to a gift's recipient (decision 079): no buy key kept. */
  gift?: boolean;
  expireDate?: string | null;
  apiKeyId?: string;
  balanceAfterMills?: number;
  /** A subscription-tool renewal: the days it added (a full refund takes them off again). */
  addedDays?: number;
  /** A renewal of a licence not yet activated: its term afterwards. */
  termDays?: number;
  /** A bulk order (decision 080): how many licences it issued (their ids are on the licences, `order_id`). */
  quantity?: number;
  /** Why an order was closed without fulfilment (declined, expired, amount mismatch…). */
  reason?: string;
  detail?: string;
  /** An expired checkout: whether the provider confirmed it closed (decision 060). */
  closedAtProvider?: boolean;
}

export function fulfilmentOf(row: Pick<OrderRow, "fulfilment">): Fulfilment {
  return (row.fulfilment ?? {}) as Fulfilment;
}

/**
 * The order as its owner sees it. `planMonths`: the lengths of the plans the orders name
 * (plans/service.ts planMonthsById), which every language's title comes from.
 */
export function toOrderDto(row: OrderRow, planMonths: ReadonlyMap<string, number>): Order {
  return {
    id: row.id,
    tranId: row.tranId,
    kind: row.kind,
    email: row.email,
    planId: row.planId,
    planTitle: row.planTitle ?? (row.kind === "topup" ? TOP_UP_TITLE : ""),
    planMonths: row.planId ? (planMonths.get(row.planId) ?? null) : null,
    amountMills: row.amountMills,
    discountCode: row.discountCode,
    discountMills: row.discountMills,
    amount: formatMoney(row.amountMills, { plain: true }), // "29.99": orders are whole cents
    currency: row.currency,
    status: row.status,
    providerName: paymentProviderName(row.provider),
    buyKey: fulfilmentOf(row).buyKey ?? null,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    refundedMills: row.refundedMills,
    renewLicenseId: row.renewLicenseId,
    giftEmail: row.giftEmail,
    quantity: row.quantity,
  };
}
