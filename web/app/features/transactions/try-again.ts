// "Try again" on a checkout that was not completed (decision 060): a fresh checkout of the same
// thing, priced again by the server: the same plan, the same top-up amount, a renewal of the same
// licence. Only on the viewer's own orders (an admin sees everyone's, and pays for nobody else's).
import type { CheckoutResponse, Order } from "~/features/payments/api";
import { ordersApi } from "~/features/payments/api";
import { renewalsApi } from "~/features/renewals/api";

/** Whether the viewer may start this order again: their own cancelled plan or top-up. */
export function canTryAgain(order: Order, viewer: { isAdmin: boolean; email: string | undefined }): boolean {
  if (order.status !== "cancelled" || order.kind === "tool") return false;
  if (order.kind === "plan" && !order.planId) return false;
  return !viewer.isAdmin || (viewer.email !== undefined && viewer.email.toLowerCase() === order.email.toLowerCase());
}

/** The request that opens the same checkout again. */
export function tryAgainRequest(order: Order): Promise<CheckoutResponse> {
  if (order.kind === "topup") return ordersApi.checkout({ kind: "topup", amountMills: order.amountMills, returnTo: "profile" });
  // The same discount code, checked again (it may have expired or been used up since: then said so).
  const discountCode = order.discountCode ?? undefined;
  if (order.renewLicenseId) return renewalsApi.renew(order.renewLicenseId, order.planId!, { discountCode });
  // A gift stays a gift to the same recipient (decision 079).
  const giftEmail = order.giftEmail ?? undefined;
  return ordersApi.checkout({ kind: "plan", planId: order.planId!, returnTo: "license-keys", ...(discountCode ? { discountCode } : {}), ...(giftEmail ? { giftEmail } : {}) });
}
