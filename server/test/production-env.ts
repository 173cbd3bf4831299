// Test support: the fewest settings with which loadConfig accepts NODE_ENV=production (a real
// secret, SMTP, a public https address and the payment provider's own), for tests of what
// production changes.
export const PRODUCTION_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: "production",
  AUTH_SECRET: "x".repeat(40),
  SMTP_URL: "smtp://mail.example.com",
  BASE_URL: "https://shop.example.com",
  PAYWAY_BASE_URL: "https://checkout.payway.com.kh",
  PAYWAY_MERCHANT_ID: "m",
  PAYWAY_API_KEY: "k",
};
