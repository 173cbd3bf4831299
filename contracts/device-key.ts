// The device key's rules without zod (decision 049), like contracts/text-rules.ts: the licence
// contracts (contracts/licenses.ts) and the dashboard's first load share them, and the dashboard
// loads zod only when a form needs it.

/** A device key comes from the desktop tool and always contains this marker. */
export const DEVICE_KEY_MARKER = "LDREEL";
/** A licence whose key contains this marker is expired (and hidden from the list). */
export const EXPIRED_KEY_MARKER = "expirekey_";

export const DEVICE_KEY_MESSAGES = {
  empty: "License key cannot be empty",
  format: "Invalid license key format. Please use the key provided by the tool.",
  hint: "* Please use the new key on the tool.",
  noSession: "No user session found",
} as const;

/**
 * The shape of a buy key (the key e-mailed after a purchase, "KS-7QX4M-9HTRW-…"): recognised where a
 * device key is expected, so the page can say which key it is and what to do (#29 item 2).
 */
export const BUY_KEY_PATTERN = /^KS-[A-Z0-9]{5}(?:-[A-Z0-9]{5}){3}$/i;
export const looksLikeBuyKey = (value: string) => BUY_KEY_PATTERN.test(value.trim());
