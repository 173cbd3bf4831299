// Calls behind the Profile screen (same origin, session cookie).
import type { ApiKeyInfo, Balance, Profile } from "../../../../contracts/account";
import { client, unwrap } from "~/lib/api";

export type { ApiKeyInfo, Balance, Profile };

export const accountApi = {
  profile: (signal?: AbortSignal) => unwrap(client.GET("/api/profile", { signal })),
  updateProfile: (body: { name?: string; expiryReminders?: boolean }) => unwrap(client.PATCH("/api/profile", { body })),
  apiKey: (signal?: AbortSignal) => unwrap(client.GET("/api/api-key", { signal })),
  regenerateApiKey: () => unwrap(client.POST("/api/api-key/regenerate")),
  balance: (signal?: AbortSignal) => unwrap(client.GET("/api/balance", { signal })),
};

