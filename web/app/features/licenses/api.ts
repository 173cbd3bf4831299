// Calls behind the License Keys and License History screens (same origin, session cookie).
import type { License, LicenseHistoryEntry } from "../../../../contracts/licenses";
import { apiFetch } from "~/lib/api";

export type { License, LicenseHistoryEntry };

export type LicenseListResponse = { licenses: License[] };
export type LicenseResponse = { license: License };
export type LicenseHistoryResponse = {
  entries: LicenseHistoryEntry[];
  total: number;
  page: number;
  pageSize: number;
};

export const HISTORY_PAGE_SIZE = 50;

function withQuery(path: string, params: Record<string, string | number | undefined>) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export const licensesApi = {
  list: (search: string, signal?: AbortSignal) =>
    apiFetch<LicenseListResponse>(withQuery("/api/licenses", { search }), { signal }),

  rename: (id: string, name: string) =>
    apiFetch<LicenseResponse>(`/api/licenses/${encodeURIComponent(id)}`, {
      method: "PATCH",
      body: { name },
    }),

  changeKey: (id: string, licenseKey: string) =>
    apiFetch<LicenseResponse>(`/api/licenses/${encodeURIComponent(id)}/change-key`, {
      method: "POST",
      body: { licenseKey },
    }),

  history: (
    params: { search: string; page: number; pageSize?: number },
    signal?: AbortSignal,
  ) =>
    apiFetch<LicenseHistoryResponse>(
      withQuery("/api/license-history", {
        search: params.search,
        page: params.page,
        pageSize: params.pageSize ?? HISTORY_PAGE_SIZE,
      }),
      { signal },
    ),
};

export { errorMessage } from "~/lib/errors";
