// Calls behind the customer search and the customer's page (same origin, session cookie).
import type { IssueLicenseBody, LicenseActionBody } from "../../../../../contracts/customers";
import { client, unwrap } from "~/lib/api";

export type {
  AdminLicense,
  CustomerHit,
  CustomerOrder,
  CustomerView,
  LedgerEntry,
  LicenseActionBody,
  LicenseActionName,
} from "../../../../../contracts/customers";

export const customerApi = {
  search: (q: string, signal?: AbortSignal) => unwrap(client.GET("/api/admin/search", { params: { query: { q } }, signal })),
  get: (email: string, signal?: AbortSignal) => unwrap(client.GET("/api/admin/customers/{email}", { params: { path: { email } }, signal })),
  issue: (email: string, body: IssueLicenseBody) => unwrap(client.POST("/api/admin/customers/{email}/licenses", { params: { path: { email } }, body })),
  act: (licenseId: string, body: LicenseActionBody) => unwrap(client.POST("/api/admin/licenses/{id}/actions", { params: { path: { id: licenseId } }, body })),
};

