// Calls behind the customer search and the customer's page (same origin, session cookie).
import type {
  CustomerSearch,
  CustomerView,
  IssueLicenceBody,
  LicenceActionBody,
  LicenceActionResponse,
} from "../../../../../contracts/customers";
import { apiFetch } from "~/lib/api";

export type {
  AdminLicence,
  CustomerHit,
  CustomerOrder,
  CustomerView,
  LedgerEntry,
  LicenceActionBody,
  LicenceActionName,
} from "../../../../../contracts/customers";

const customer = (email: string) => `/api/admin/customers/${encodeURIComponent(email)}`;

export const customerApi = {
  search: (q: string, signal?: AbortSignal) => apiFetch<CustomerSearch>(`/api/admin/search?q=${encodeURIComponent(q)}`, { signal }),
  get: (email: string, signal?: AbortSignal) => apiFetch<CustomerView>(customer(email), { signal }),
  issue: (email: string, body: IssueLicenceBody) => apiFetch<LicenceActionResponse>(`${customer(email)}/licenses`, { method: "POST", body }),
  act: (licenceId: string, body: LicenceActionBody) =>
    apiFetch<LicenceActionResponse>(`/api/admin/licenses/${encodeURIComponent(licenceId)}/actions`, { method: "POST", body }),
};

export { errorMessage } from "~/features/licenses/api";
