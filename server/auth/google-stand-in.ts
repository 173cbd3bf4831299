// Embedded mode's Google sign-in: better-auth's own Google provider, unchanged but for the two
// addresses it calls, which point at the stand-in (server/providers/google-sim) instead of
// accounts.google.com and oauth2.googleapis.com. Everything else (state, PKCE, the callback, the
// id_token's claims, account linking) is the code path real Google uses.
import { validateAuthorizationCode } from "better-auth/oauth2";

const GOOGLE_AUTHORIZE = "https://accounts.google.com/o/oauth2/v2/auth";

type Provider = {
  id: string;
  options?: unknown;
  createAuthorizationURL: (args: never) => Promise<URL>;
  validateAuthorizationCode: (args: { code: string; codeVerifier?: string; redirectURI: string }) => Promise<unknown>;
};

/** Rewires the Google provider of a better-auth context to the stand-in at `standInUrl`. */
export function pointGoogleAtStandIn(context: { socialProviders: unknown[] }, standInUrl: string) {
  const providers = context.socialProviders as Provider[];
  const index = providers.findIndex((p) => p.id === "google");
  const google = providers[index];
  if (!google) throw new Error("The Google provider is not configured");
  providers[index] = {
    ...google,
    async createAuthorizationURL(args: never) {
      const url = await google.createAuthorizationURL(args);
      if (!url.href.startsWith(GOOGLE_AUTHORIZE)) throw new Error(`Unexpected Google authorisation URL ${url.origin}${url.pathname}`);
      return new URL(`${standInUrl}/o/oauth2/v2/auth${url.search}`);
    },
    validateAuthorizationCode: ({ code, codeVerifier, redirectURI }) =>
      validateAuthorizationCode({ code, codeVerifier, redirectURI, options: google.options as never, tokenEndpoint: `${standInUrl}/token` }),
  };
}
