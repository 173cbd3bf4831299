import { emailOTPClient, magicLinkClient, twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

/** better-auth is mounted by the server at /api/auth on the same origin as the web app. */
export const authClient = createAuthClient({
  basePath: "/api/auth",
  // The second step of a sign-in is shown in place (SignInForm reads `twoFactorRedirect`).
  plugins: [magicLinkClient(), emailOTPClient(), twoFactorClient()],
});
