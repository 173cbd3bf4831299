// The Reseller page's calls (decision 080), typed from the OpenAPI document: the plans with their
// volume tiers and the bulk orders, a bulk checkout, the licences, and assigning one.
import type { AssignLicenceResponse, BulkCheckoutBody, BulkOrder, ResellerLicence, ResellerLicenceList, ResellerOverview, ResellerPlan } from "../../../../contracts/reseller";
import { client, unwrap } from "~/lib/api";

export type { AssignLicenceResponse, BulkOrder, ResellerLicence, ResellerLicenceList, ResellerOverview, ResellerPlan };

export type LicenseState = ResellerLicence["state"];
export type LicenseListParams = { orderId?: string; state?: LicenseState; search: string; page: number; pageSize: number };

export const resellerApi = {
  overview: (signal?: AbortSignal) => unwrap(client.GET("/api/reseller/overview", { signal })),
  /** Opens the payment of N licences; the server prices it from the plan and its tiers. */
  checkout: (body: BulkCheckoutBody) => unwrap(client.POST("/api/reseller/checkout", { body })),
  licences: ({ search, ...params }: LicenseListParams, signal?: AbortSignal) =>
    unwrap(client.GET("/api/reseller/licences", { params: { query: { ...params, search: search || undefined } }, signal })),
  assign: (id: string, email: string) => unwrap(client.POST("/api/reseller/licences/{id}/assign", { params: { path: { id } }, body: { email } })),
};

/** A bulk order's CSV (a plain download: the session cookie goes with it). */
export const orderCsvUrl = (orderId: string) => `/api/reseller/orders/${encodeURIComponent(orderId)}/licences.csv`;
