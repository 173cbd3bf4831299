// Calls behind the customer search and the customer's page (same origin, session cookie).
import type { IssueLicenceBody, LicenceActionBody } from "../../../../../contracts/customers";
import { client, unwrap } from "~/lib/api";

export type {
  AdminLicence,
  CustomerHit,
  CustomerOrder,
  CustomerView,
  LedgerEntry,
  LicenceActionBody,
  LicenceActionName,
} from "../../../../../contracts/customers";

export const customerApi = {
  search: (q: string, signal?: AbortSignal) => unwrap(client.GET("/api/admin/search", { params: { query: { q } }, signal })),
  get: (email: string, signal?: AbortSignal) => unwrap(client.GET("/api/admin/customers/{email}", { params: { path: { email } }, signal })),
  issue: (email: string, body: IssueLicenceBody) => unwrap(client.POST("/api/admin/customers/{email}/licenses", { params: { path: { email } }, body })),
  act: (licenceId: string, body: LicenceActionBody) => unwrap(client.POST("/api/admin/licenses/{id}/actions", { params: { path: { id: licenceId } }, body })),
};

