// The query client once something created it, for code that must not load the query library
// itself (the public pages' sign-out clears the cache only when a dashboard visit filled it).
import type { QueryClient } from "@tanstack/react-query";

let active: QueryClient | null = null;

export function setActiveQueryClient(client: QueryClient) {
  active = client;
}

export function getActiveQueryClient() {
  return active;
}
