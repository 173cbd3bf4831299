// The admin console's rows of the authorization matrices: the admin role on every route, the
// super-admin flag where SUPER_ADMIN_PATHS says. Used by authz.test.ts (admin roles in depth) and
// by the whole app's matrix (server/test/authorization-matrix.test.ts: every caller).

import type { Db } from "../../db/client";
import { discountCodes, refundRequests } from "../../db/schema";
import { insertOrders } from "./test-seed";

/** Ids of the customer whose rows the callers try to reach. */
export interface AdminTarget {
  userId: string;
  apiKeyId: string;
  /** The customer's e-mail and one of their licences (the customer's page and licence actions). */
  email: string;
  licenceId: string;
  /** A paid order to refund, and open money-back requests to approve and to decline. */
  refundOrderId: string;
  approveRequestId: string;
  declineRequestId: string;
  /** A discount code to read and change (decision 077). */
  discountId: string;
}

/** The customer's paid orders and open refund requests the refund rows act on (the super-admin's calls succeed once), and a discount code. */
export async function seedRefundTargets(db: Db, owner: { userId: string; email: string }): Promise<Pick<AdminTarget, "refundOrderId" | "approveRequestId" | "declineRequestId" | "discountId">> {
  const [refund, approve, decline] = await insertOrders(db, [0, 1, 2].map(() => ({ kind: "plan" as const, planId: "local-1m", email: owner.email, userId: owner.userId })));
  const requests = await db
    .insert(refundRequests)
    .values([approve!, decline!].map((o) => ({ orderId: o.id, userId: owner.userId, reason: "Seeded for the access matrix" })))
    .returning();
  const [discount] = await db.insert(discountCodes).values({ code: `MATRIX-${owner.userId.slice(0, 8).toUpperCase()}`, kind: "percent", value: 10 }).onConflictDoNothing().returning();
  return { refundOrderId: refund!.id, approveRequestId: requests[0]!.id, declineRequestId: requests[1]!.id, discountId: discount!.id };
}

export interface AdminEndpoint {
  method: "GET" | "PATCH" | "POST" | "PUT";
  /** As the OpenAPI document names it. */
  doc: string;
  url: (target: AdminTarget) => string;
  json?: (target: AdminTarget) => unknown;
  level: "admin" | "superAdmin";
  /** An allowed caller's answer names the target (so a refusal's silence about it means something). */
  showsTarget: boolean;
  /** An allowed caller's status when it is not 200 (201: created). */
  okStatus?: 201;
}

/** Plan lengths the matrix adds (none of the shop's own: 1, 3 and 12 months). */
let nextPlanLength = 20;
/** Discount codes the matrix creates, one per allowed caller. */
let nextDiscount = 0;

export const ADMIN_ENDPOINTS: AdminEndpoint[] = [
  { method: "GET", doc: "/api/admin/overview", url: () => "/api/admin/overview?tz=UTC", level: "admin", showsTarget: true },
  { method: "GET", doc: "/api/admin/stats", url: () => "/api/admin/stats", level: "admin", showsTarget: false },
  // The Shop health card (decision 064): admins, no super-admin flag needed.
  { method: "GET", doc: "/api/admin/health", url: () => "/api/admin/health", level: "admin", showsTarget: false },
  { method: "GET", doc: "/api/admin/orders.csv", url: () => "/api/admin/orders.csv", level: "admin", showsTarget: true },
  { method: "GET", doc: "/api/admin/otp-orders", url: () => "/api/admin/otp-orders", level: "admin", showsTarget: true },
  { method: "GET", doc: "/api/admin/users", url: () => "/api/admin/users", level: "superAdmin", showsTarget: true },
  // A no-op change (the target already has the role): allowed callers change nothing either.
  { method: "PATCH", doc: "/api/admin/users/{id}/role", url: (t) => `/api/admin/users/${t.userId}/role`, json: () => ({ role: "user" }), level: "superAdmin", showsTarget: true },
  // The reseller flag (decision 080), a no-op change (the target is no reseller): allowed callers change nothing either.
  { method: "PATCH", doc: "/api/admin/users/{id}/reseller", url: (t) => `/api/admin/users/${t.userId}/reseller`, json: () => ({ reseller: false }), level: "superAdmin", showsTarget: true },
  // The target has no second factor: allowed callers change nothing (changed: false).
  { method: "POST", doc: "/api/admin/users/{id}/two-factor/reset", url: (t) => `/api/admin/users/${t.userId}/two-factor/reset`, level: "superAdmin", showsTarget: true },
  { method: "GET", doc: "/api/admin/balances", url: () => "/api/admin/balances", level: "superAdmin", showsTarget: true },
  { method: "POST", doc: "/api/admin/balances/adjust", url: () => "/api/admin/balances/adjust", json: (t) => ({ apiKeyId: t.apiKeyId, operation: "add", amountMills: 10 }), level: "superAdmin", showsTarget: false },
  { method: "GET", doc: "/api/admin/audit", url: () => "/api/admin/audit", level: "superAdmin", showsTarget: false },
  // The catalogue (decision 074): super-admins only. Each allowed caller adds a plan of its own length.
  { method: "GET", doc: "/api/admin/catalogue", url: () => "/api/admin/catalogue", level: "superAdmin", showsTarget: false },
  { method: "POST", doc: "/api/admin/catalogue/plans", url: () => "/api/admin/catalogue/plans", json: () => ({ market: "foreign", months: nextPlanLength++, priceMills: 50_000, keyChanges: 5 }), level: "superAdmin", showsTarget: false, okStatus: 201 },
  { method: "PATCH", doc: "/api/admin/catalogue/plans/{id}", url: () => "/api/admin/catalogue/plans/local-1m", json: () => ({ isPopular: false }), level: "superAdmin", showsTarget: false },
  { method: "PUT", doc: "/api/admin/catalogue/order", url: () => "/api/admin/catalogue/order", json: () => ({ market: "local", planIds: ["local-1m", "local-3m", "local-12m"] }), level: "superAdmin", showsTarget: false },
  // Discount codes (decision 077): super-admins only. Each allowed caller creates a code of its own.
  { method: "GET", doc: "/api/admin/discounts", url: () => "/api/admin/discounts", level: "superAdmin", showsTarget: false },
  { method: "POST", doc: "/api/admin/discounts", url: () => "/api/admin/discounts", json: () => ({ code: `MATRIX-NEW-${++nextDiscount}-${Date.now().toString(36)}`.toUpperCase(), kind: "percent", value: 10 }), level: "superAdmin", showsTarget: false, okStatus: 201 },
  { method: "GET", doc: "/api/admin/discounts/{id}", url: (t) => `/api/admin/discounts/${t.discountId}`, level: "superAdmin", showsTarget: false },
  { method: "PATCH", doc: "/api/admin/discounts/{id}", url: (t) => `/api/admin/discounts/${t.discountId}`, json: () => ({ note: "Access matrix" }), level: "superAdmin", showsTarget: false },
  // Refunds (decision 024): admins read the queue; money needs the super-admin flag.
  { method: "GET", doc: "/api/admin/refund-requests", url: () => "/api/admin/refund-requests", level: "admin", showsTarget: true },
  { method: "POST", doc: "/api/admin/refund-requests/{id}/approve", url: (t) => `/api/admin/refund-requests/${t.approveRequestId}/approve`, json: () => ({ note: "Approved" }), level: "superAdmin", showsTarget: true },
  { method: "POST", doc: "/api/admin/refund-requests/{id}/decline", url: (t) => `/api/admin/refund-requests/${t.declineRequestId}/decline`, json: () => ({ note: "Declined" }), level: "superAdmin", showsTarget: true },
  { method: "POST", doc: "/api/admin/orders/{id}/refunds", url: (t) => `/api/admin/orders/${t.refundOrderId}/refunds`, json: () => ({ reason: "Access matrix" }), level: "superAdmin", showsTarget: false, okStatus: 201 },
  // The customer's page (issue #16): admins, no super-admin flag needed.
  { method: "GET", doc: "/api/admin/search", url: (t) => `/api/admin/search?q=${encodeURIComponent(t.email)}`, level: "admin", showsTarget: true },
  { method: "GET", doc: "/api/admin/customers/{email}", url: (t) => `/api/admin/customers/${encodeURIComponent(t.email)}`, level: "admin", showsTarget: true },
  // Each allowed caller issues one licence to the target (a new row: their existing ones are untouched).
  { method: "POST", doc: "/api/admin/customers/{email}/licenses", url: (t) => `/api/admin/customers/${encodeURIComponent(t.email)}/licenses`, json: () => ({ planId: "local-1m", reason: "authorization matrix" }), level: "admin", showsTarget: true, okStatus: 201 },
  // Resending the key e-mail changes nothing of the licence (an audit row and an e-mail only).
  { method: "POST", doc: "/api/admin/licenses/{id}/actions", url: (t) => `/api/admin/licenses/${t.licenceId}/actions`, json: () => ({ action: "resend-key", reason: "authorization matrix" }), level: "admin", showsTarget: true },
];

/** The status for a signed-in role (or nobody): 401 without a session, 403 below the route's level. */
export function adminExpected(endpoint: Pick<AdminEndpoint, "level" | "okStatus">, role: "anonymous" | "user" | "admin" | "superAdmin"): number {
  const ok = endpoint.okStatus ?? 200;
  if (role === "anonymous") return 401;
  if (role === "user") return 403;
  if (role === "admin") return endpoint.level === "admin" ? ok : 403;
  return ok;
}
