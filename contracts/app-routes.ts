// Every page of the web app (web/app/routes.ts): the server answers 200 for these and 404, with
// the same app shell, for any other path (the app then shows its not-found page). A test keeps
// this list and the route file in step.
export const APP_PATHS = [
  "/",
  "/faq",
  "/privacy-policy",
  "/terms-of-service",
  "/donation-success",
  "/subscription_tool",
  "/subscription_tool_v2",
  "/auth",
  "/dashboard",
  "/overview",
  "/profile",
  "/license-keys",
  "/license-history",
  "/reseller",
  "/transactions-history",
  "/transactions-gmail",
  "/user-management",
  "/manage-balance",
  "/audit-log",
  "/webhooks",
  "/catalogue",
  "/discounts",
  "/otp-gmail",
] as const;

/** Pages with a parameter (one path segment each): a customer's page, by e-mail; a reminder's renew link; a discount code's page. */
export const APP_PATH_PATTERNS = ["/customers/:email", "/renew/:token", "/discounts/:id"] as const;

const KNOWN = new Set<string>(APP_PATHS);
const PATTERNS = APP_PATH_PATTERNS.map((p) => new RegExp(`^${p.replace(/:[A-Za-z]+/g, "[^/]+")}$`));

/** Whether a URL path is a page of the app ("/faq/" and "/faq" alike). */
export function isAppPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return KNOWN.has(path) || PATTERNS.some((pattern) => pattern.test(path));
}

/**
 * Where every e-mail confirmation link lands, whoever asked for the e-mail (sign-up, or a sign-in
 * before confirming): the sign-in page says the address is confirmed; better-auth adds `error=` when
 * the link has expired, and the page then offers a new one.
 */
export const VERIFY_EMAIL_CALLBACK = "/auth?verified=1";

/** Profile's two-factor card: where enrolment is asked for and security notices point. */
export const PROFILE_TWO_FACTOR = "/profile#two-factor";
