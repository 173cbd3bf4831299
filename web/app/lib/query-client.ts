import { QueryClient } from "@tanstack/react-query";

import { isRetryable } from "~/lib/api";
import { setActiveQueryClient } from "~/lib/query-client-ref";

const FIVE_MINUTES = 5 * 60 * 1000;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES,
        // One retry, but never for answers that will not change (a refusal: auth, validation, ...).
        retry: (failureCount, error) => isRetryable(error) && failureCount < 1,
      },
    },
  });
}

let client: QueryClient | null = null;

/**
 * The one query client of the app, created on first use. The dashboard layout, /auth and the
 * landing's sign-in dialog each mount a QueryClientProvider with it (public pages load no query
 * code), so the cache still carries over between them, as when the provider sat in root.
 */
export function getQueryClient() {
  if (!client) {
    client = createQueryClient();
    setActiveQueryClient(client);
  }
  return client;
}
