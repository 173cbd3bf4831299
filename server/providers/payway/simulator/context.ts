// The simulator's settings and shared state (one per simulator instance).
import type { CallbackPlan, CallbackSettings } from "./callbacks";
import { RollingLimit } from "./rate-limit";
import { SimStore } from "./store";
import type { MerchantProfile } from "./validate";

export interface SimulatorOptions {
  merchants: Record<string, MerchantProfile>;
  /** Where the app is mounted ("/payway-sim" inside Keyshop; "" on its own port). */
  basePath?: string;
  now?: () => Date;
  /** Send X-PayWay-HMAC-SHA512 with callbacks (default true). */
  signCallbacks?: boolean;
  /** The documented rich callback body rather than the minimal one (default true). */
  richCallbacks?: boolean;
  callbackTimeoutMs?: number;
  /** One retry after a failed callback (default 10 s; null = none). */
  retryDelayMs?: number | null;
  /** check-transaction answers "not found" this long after creation (the sandbox's lag). */
  visibilityDelayMs?: number;
  /** Accept a reused tran_id (the sandbox does; production answers code 4). */
  lenientDuplicates?: boolean;
  /** HTTP status of a wrong purchase hash (PayWay has been seen to use both). */
  hashErrorStatus?: 200 | 403;
  /** transaction-detail requests per merchant per rolling minute (PayWay: 10, not negotiable). */
  detailRateLimit?: number;
  /** How callbacks reach the merchant (default: global fetch). */
  fetch?: typeof fetch;
}

/** How the refund API answers a refund it would make: normally, refused (PTL58) or HTTP 500. */
export type RefundMode = "ok" | "fail" | "error";

export interface SimContext {
  store: SimStore;
  merchants: Record<string, MerchantProfile>;
  basePath: string;
  now: () => Date;
  options: {
    visibilityDelayMs: number;
    lenientDuplicates: boolean;
    hashErrorStatus: 200 | 403;
  };
  callbackMode: { standing: CallbackPlan; next: CallbackPlan | null };
  callbackSettings(merchantId: string): CallbackSettings;
  /** transaction-detail's limit, per merchant id. */
  detailLimit: RollingLimit;
  /** Set by POST /__sim/refund-mode: `next` applies once, then `standing` again. */
  refundMode: { standing: RefundMode; next: RefundMode | null };
}

export function createSimContext(opts: SimulatorOptions): SimContext {
  const now = opts.now ?? (() => new Date());
  return {
    store: new SimStore(now),
    merchants: opts.merchants,
    basePath: (opts.basePath ?? "").replace(/\/$/, ""),
    now,
    options: {
      visibilityDelayMs: opts.visibilityDelayMs ?? 0,
      lenientDuplicates: opts.lenientDuplicates ?? false,
      hashErrorStatus: opts.hashErrorStatus ?? 403,
    },
    callbackMode: { standing: { mode: "deliver" }, next: null },
    detailLimit: new RollingLimit(opts.detailRateLimit ?? 10, now),
    refundMode: { standing: "ok", next: null },
    callbackSettings: (merchantId) => ({
      apiKey: opts.merchants[merchantId]?.apiKey ?? "",
      sign: opts.signCallbacks ?? true,
      rich: opts.richCallbacks ?? true,
      timeoutMs: opts.callbackTimeoutMs ?? 5_000,
      retryDelayMs: opts.retryDelayMs === undefined ? 10_000 : opts.retryDelayMs,
      fetch: opts.fetch ?? fetch,
      now,
    }),
  };
}
