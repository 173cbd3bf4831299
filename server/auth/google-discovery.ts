// Google sign-in by OpenID discovery (decision 057). better-auth's Google provider keeps its id, its
// callback (/api/auth/callback/google, the redirect URI registered at Google), state, PKCE and
// account linking; only the addresses it hard-codes are replaced by the issuer's discovery document
// (GOOGLE_ISSUER/.well-known/openid-configuration), and the code is exchanged by openid-client, which
// also checks the id_token (issuer, audience, expiry, at_hash, and its signature against jwks_uri).
// Production needs only the issuer; embedded mode's issuer is the local stand-in (/google-sim).
import * as oidc from "openid-client";

export interface GoogleIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** better-auth's token shape (OAuth2Tokens). */
interface ProviderTokens {
  tokenType?: string;
  accessToken?: string;
  refreshToken?: string;
  accessTokenExpiresAt?: Date;
  scopes?: string[];
  idToken?: string;
}

type Provider = {
  id: string;
  createAuthorizationURL: (args: never) => Promise<URL>;
  validateAuthorizationCode: (args: { code: string; codeVerifier?: string; redirectURI: string }) => Promise<ProviderTokens | null>;
  refreshAccessToken?: (refreshToken: string) => Promise<ProviderTokens>;
};

const DISCOVERY_TIMEOUT_S = 10;

/**
 * The issuer's configuration, discovered on first use and kept; a failed discovery is tried again
 * on the next sign-in (the shop starts, and stays up, while Google is unreachable).
 */
export function googleConfiguration({ issuer, clientId, clientSecret }: GoogleIssuer): () => Promise<oidc.Configuration> {
  let pending: Promise<oidc.Configuration> | null = null;
  // Plain http only for a local issuer (the stand-in in embedded mode; config refuses it in production).
  const execute = issuer.startsWith("http://") ? [oidc.allowInsecureRequests] : [];
  return () =>
    (pending ??= oidc
      .discovery(new URL(issuer), clientId, clientSecret, undefined, { execute, timeout: DISCOVERY_TIMEOUT_S })
      .then((configuration) => {
        oidc.enableNonRepudiationChecks(configuration); // verify the id_token's signature too
        return configuration;
      })
      .catch((error: unknown) => {
        pending = null;
        throw error;
      }));
}

function toProviderTokens(tokens: oidc.TokenEndpointResponse): ProviderTokens {
  return {
    tokenType: tokens.token_type,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    accessTokenExpiresAt: tokens.expires_in ? new Date(Date.now() + tokens.expires_in * 1000) : undefined,
    scopes: tokens.scope?.split(" ") ?? [],
    idToken: tokens.id_token,
  };
}

/** Rewires the Google provider of a better-auth context to the endpoints `configuration` discovers. */
export function useGoogleDiscovery(context: { socialProviders: unknown[] }, configuration: () => Promise<oidc.Configuration>) {
  const providers = context.socialProviders as Provider[];
  const index = providers.findIndex((p) => p.id === "google");
  const google = providers[index];
  if (!google) throw new Error("The Google provider is not configured");
  providers[index] = {
    ...google,
    async createAuthorizationURL(args: never) {
      // better-auth builds the query (client, scopes, state, PKCE, redirect URI); discovery says where it goes.
      const built = await google.createAuthorizationURL(args);
      const url = new URL((await configuration()).serverMetadata().authorization_endpoint!);
      for (const [name, value] of built.searchParams) url.searchParams.set(name, value);
      return url;
    },
    async validateAuthorizationCode({ code, codeVerifier, redirectURI }) {
      // better-auth has checked state against its cookie already; the callback it hands us has only the code.
      const callback = new URL(redirectURI);
      callback.searchParams.set("code", code);
      const tokens = await oidc.authorizationCodeGrant(await configuration(), callback, { pkceCodeVerifier: codeVerifier, idTokenExpected: true });
      return toProviderTokens(tokens);
    },
    refreshAccessToken: async (refreshToken) => toProviderTokens(await oidc.refreshTokenGrant(await configuration(), refreshToken)),
  };
}
