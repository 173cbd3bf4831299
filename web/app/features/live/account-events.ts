// Live account updates: one EventSource per tab on /api/events. Events only say what changed;
// the affected queries are read again through the normal API. EventSource reconnects by itself.
import { useEffect, useSyncExternalStore } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";

import { accountKeys, OTP_MAIL_ORDERS_KEY } from "~/lib/query-keys";

let connected = false;
const watchers = new Set<() => void>();
function setConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  for (const notify of watchers) notify();
}

/** True while the live stream is open (pages may then stop polling). */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (notify) => {
      watchers.add(notify);
      return () => watchers.delete(notify);
    },
    () => connected,
    () => false,
  );
}

function refresh(queryClient: QueryClient, kind: "balance" | "otp" | "resync") {
  if (kind !== "otp") {
    void queryClient.invalidateQueries({ queryKey: accountKeys.balance });
    void queryClient.invalidateQueries({ queryKey: accountKeys.apiKey });
  }
  if (kind !== "balance") void queryClient.invalidateQueries({ queryKey: OTP_MAIL_ORDERS_KEY });
}

/** Mounted once by the dashboard layout while a user is signed in. */
export function useAccountEvents(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events");
    let opened = false;
    source.addEventListener("ready", () => {
      // After a reconnect, whatever happened while we were away is read again.
      if (opened) refresh(queryClient, "resync");
      opened = true;
      setConnected(true);
    });
    source.addEventListener("balance", () => refresh(queryClient, "balance"));
    source.addEventListener("otp", () => refresh(queryClient, "otp"));
    source.addEventListener("resync", () => refresh(queryClient, "resync"));
    source.onerror = () => setConnected(false);
    return () => {
      source.close();
      setConnected(false);
    };
  }, [enabled, queryClient]);
}
