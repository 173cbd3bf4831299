// Calls behind renewals (decision 026): a licence's renewal from License Keys (session) or from a
// reminder's signed link (no session).
import type { Renewal } from "../../../../contracts/renewals";
import type { CheckoutExtras } from "~/features/payments/checkout-dialog";
import { client, unwrap } from "~/lib/api";

export type { Renewal };

export const renewalsApi = {
  /** One of your licences and the plans it can be renewed with. */
  options: (id: string) => unwrap(client.GET("/api/licenses/{id}/renewal", { params: { path: { id } } })),
  renew: (id: string, planId: string, { discountCode }: CheckoutExtras = {}) =>
    unwrap(client.POST("/api/licenses/{id}/renew", { params: { path: { id } }, body: { planId, returnTo: "license-keys", ...(discountCode ? { discountCode } : {}) } })),
  /** A reminder link's licence (no session). */
  byLink: (token: string) => unwrap(client.GET("/api/renewals/{token}", { params: { path: { token } } })),
  renewByLink: (token: string, planId: string, { discountCode }: CheckoutExtras = {}) =>
    unwrap(client.POST("/api/renewals/{token}/checkout", { params: { path: { token } }, body: { planId, returnTo: "license-keys", ...(discountCode ? { discountCode } : {}) } })),
  plans: (market: "local" | "foreign") => unwrap(client.GET("/api/plans", { params: { query: { market } } })),
};
