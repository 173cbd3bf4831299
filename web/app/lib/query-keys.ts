// The query keys that more than one feature reads or invalidates: the live stream (features/live)
// re-reads the balance and the OTP orders, a payment's return re-reads the licences and the balance.
// Kept here, below the features, so none of them imports another's queries for a key.

/** The account's reads (profile, API key, balance). */
export const accountKeys = {
  profile: ["profile"] as const,
  apiKey: ["api-key"] as const,
  balance: ["balance"] as const,
};

/** Every OTP Gmail order list (features/otp-mail adds the list's parameters). */
export const OTP_MAIL_ORDERS_KEY = ["otp-mail-orders"] as const;

export const licenseQueryKeys = {
  all: ["licenses"] as const,
  list: (search: string) => ["licenses", "list", search] as const,
  history: ["license-history"] as const,
  historyPage: (search: string, page: number, pageSize: number) => ["license-history", search, page, pageSize] as const,
};

/** The Reseller page's reads (decision 080): a bulk order's return re-reads them. */
export const resellerKeys = {
  all: ["reseller"] as const,
  overview: ["reseller", "overview"] as const,
  licenses: (params: { orderId?: string; state?: string; search: string; page: number; pageSize: number }) =>
    ["reseller", "licenses", params.orderId ?? "", params.state ?? "", params.search, params.page, params.pageSize] as const,
};
