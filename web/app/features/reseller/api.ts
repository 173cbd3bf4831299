// The Reseller page's calls (decision 080), typed from the OpenAPI document: the plans with their
// volume tiers and the bulk orders, a bulk checkout, the licences, and assigning one.
import type { AssignLicenseResponse, BulkCheckoutBody, BulkOrder, ResellerLicense, ResellerLicenseList, ResellerOverview, ResellerPlan } from "../../../../contracts/reseller";
import { client, unwrap } from "~/lib/api";

export type { AssignLicenseResponse, BulkOrder, ResellerLicense, ResellerLicenseList, ResellerOverview, ResellerPlan };

export type LicenseState = ResellerLicense["state"];
export type LicenseListParams = { orderId?: string; state?: LicenseState; search: string; page: number; pageSize: number };

export const resellerApi = {
  overview: (signal?: AbortSignal) => unwrap(client.GET("/api/reseller/overview", { signal })),
  /** Opens the payment of N licences; the server prices it from the plan and its tiers. */
  checkout: (body: BulkCheckoutBody) => unwrap(client.POST("/api/reseller/checkout", { body })),
  licenses: ({ search, ...params }: LicenseListParams, signal?: AbortSignal) =>
    unwrap(client.GET("/api/reseller/licenses", { params: { query: { ...params, search: search || undefined } }, signal })),
  assign: (id: string, email: string) => unwrap(client.POST("/api/reseller/licenses/{id}/assign", { params: { path: { id } }, body: { email } })),
};

/** A bulk order's CSV (a plain download: the session cookie goes with it). */
export const orderCsvUrl = (orderId: string) => `/api/reseller/orders/${encodeURIComponent(orderId)}/licenses.csv`;
