// Calls behind the Profile screen (same origin, session cookie).
import type { ApiKeyInfo, Balance, Profile } from "../../../../contracts/account";
import { apiFetch } from "~/lib/api";

export type { ApiKeyInfo, Balance, Profile };

export const accountApi = {
  profile: (signal?: AbortSignal) => apiFetch<Profile>("/api/profile", { signal }),
  updateProfile: (name: string) => apiFetch<Profile>("/api/profile", { method: "PATCH", body: { name } }),
  apiKey: (signal?: AbortSignal) => apiFetch<ApiKeyInfo>("/api/api-key", { signal }),
  regenerateApiKey: () => apiFetch<ApiKeyInfo>("/api/api-key/regenerate", { method: "POST" }),
  balance: (signal?: AbortSignal) => apiFetch<Balance>("/api/balance", { signal }),
};

export { errorMessage } from "~/lib/errors";
