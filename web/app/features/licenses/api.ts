// Calls behind the License Keys and License History screens (same origin, session cookie).
import type { License, LicenseHistoryEntry } from "../../../../contracts/licenses";
import { client, unwrap } from "~/lib/api";

export type { License, LicenseHistoryEntry };

export const HISTORY_PAGE_SIZE = 50;

export const licensesApi = {
  list: (search: string, signal?: AbortSignal) => unwrap(client.GET("/api/licenses", { params: { query: { search: search || undefined } }, signal })),

  rename: (id: string, name: string) => unwrap(client.PATCH("/api/licenses/{id}", { params: { path: { id } }, body: { name } })),

  changeKey: (id: string, deviceKey: string) =>
    unwrap(client.POST("/api/licenses/{id}/change-key", { params: { path: { id } }, body: { deviceKey } })),

  history: (params: { search: string; page: number; pageSize?: number }, signal?: AbortSignal) =>
    unwrap(
      client.GET("/api/license-history", {
        params: { query: { search: params.search || undefined, page: params.page, pageSize: params.pageSize ?? HISTORY_PAGE_SIZE } },
        signal,
      }),
    ),
};

export type LicenseListResponse = Awaited<ReturnType<typeof licensesApi.list>>;
export type LicenseHistoryResponse = Awaited<ReturnType<typeof licensesApi.history>>;

