// A stand-in for Google's OAuth 2.0 / OpenID Connect endpoints, for embedded mode (no
// GOOGLE_CLIENT_ID): the same protocol as accounts.google.com and oauth2.googleapis.com, so the
// shop's Google sign-in runs unchanged end to end (like the PayWay simulator does for payments):
//   GET  /.well-known/openid-configuration   OpenID discovery: where everything below is
//   GET  /o/oauth2/v2/auth      the account chooser (an e-mail and a name: nobody has a real account here)
//   POST /o/oauth2/v2/auth      Continue → redirect_uri?code[&state]; Cancel → ?error=access_denied[&state]
//   POST /token                 authorization_code grant: client secret, redirect_uri and PKCE (S256) checked
//   GET  /oauth2/v3/userinfo    Bearer access token → the OpenID claims
//   GET  /oauth2/v3/certs       the key that signs the id_token (RS256)
//   GET  /avatar/:sub           the account's picture (the `picture` claim; Google's is on googleusercontent.com)
// A standard OpenID client (openid-client) cannot tell it from Google's: the same discovery fields,
// an id_token with at_hash, picture and nonce, and state optional when PKCE protects the code, as
// Google allows. Its issuer is its own address (a client checks that the issuer it discovers is
// the one it asked for), so the id_token's iss is that address, not accounts.google.com.
// Codes live in memory for five minutes and work once: embedded mode is one process.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { newSigningKey, signJwt, type SigningKey } from "./jwt";

const CODE_TTL_MS = 5 * 60_000;
const TOKEN_TTL_S = 3599;

export interface GoogleSimOptions {
  clientId: string;
  clientSecret: string;
  /** Where it is mounted, e.g. `${BASE_URL}/google-sim`: its issuer and the base of every endpoint. */
  issuer: string;
  /** The only redirect_uri accepted (Google makes you register it), e.g. `${BASE_URL}/api/auth/callback/google`. */
  redirectUri: string;
  now?: () => number;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  nonce?: string;
  email: string;
  name: string;
  expiresAt: number;
}

const AuthorizeQuery = z.object({
  client_id: z.string().max(200),
  redirect_uri: z.string().max(2048),
  response_type: z.literal("code"),
  scope: z.string().max(1000),
  // Google makes state optional: with PKCE the code is bound to the browser that asked for it.
  state: z.string().min(1).max(2048).optional(),
  code_challenge: z.string().min(43).max(128),
  code_challenge_method: z.literal("S256"),
  nonce: z.string().max(256).optional(),
  login_hint: z.string().max(254).optional(),
});
type AuthorizeRequest = z.infer<typeof AuthorizeQuery>;

const Account = z.object({
  email: z.email().max(254),
  name: z.string().trim().min(1).max(80),
});

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const b64urlSha256 = (text: string) => createHash("sha256").update(text).digest("base64url");
/** OpenID Connect Core 3.1.3.6: the left half of the access token's SHA-256 (RS256), base64url. */
const atHash = (accessToken: string) => createHash("sha256").update(accessToken).digest().subarray(0, 16).toString("base64url");

/** What Google publishes at https://accounts.google.com/.well-known/openid-configuration, for the
 *  endpoints the stand-in has (no device flow, no revocation). */
function discoveryDocument(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/oauth2/v3/userinfo`,
    jwks_uri: `${issuer}/oauth2/v3/certs`,
    response_types_supported: ["code"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    scopes_supported: ["openid", "email", "profile"],
    token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
    claims_supported: ["aud", "email", "email_verified", "exp", "family_name", "given_name", "iat", "iss", "name", "picture", "sub", "at_hash", "azp", "nonce"],
    code_challenge_methods_supported: ["S256"], // Google also takes "plain"; the stand-in asks for S256 like our client sends,
    grant_types_supported: ["authorization_code"],
  };
}
const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
/** A stable subject per e-mail, as Google's `sub` is stable per account. */
const subjectOf = (email: string) => BigInt(`0x${createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 15)}`).toString().padStart(21, "1");

const STYLE = `body{font-family:system-ui,sans-serif;background:#f1f3f4;margin:0;display:grid;place-items:center;min-height:100vh;color:#202124}
main{background:#fff;border-radius:8px;padding:32px;width:min(400px,calc(100vw - 32px));box-sizing:border-box;box-shadow:0 1px 3px rgba(0,0,0,.2)}
h1{font-size:22px;font-weight:400;margin:8px 0}p{font-size:14px;color:#5f6368}label{display:block;font-size:14px;margin:16px 0 4px}
input{width:100%;box-sizing:border-box;padding:12px;font-size:16px;border:1px solid #dadce0;border-radius:4px}
.row{display:flex;justify-content:space-between;margin-top:24px;gap:8px}button{padding:10px 22px;border-radius:4px;font-size:14px;cursor:pointer;border:0}
.primary{background:#1a73e8;color:#fff}.secondary{background:none;color:#1a73e8}.error{color:#d93025}`;

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function errorPage(c: Context, status: 400 | 401, error: string, description: string) {
  return c.html(page("Error", `<h1>Access blocked: authorisation error</h1><p class="error">Error ${status}: ${escapeHtml(error)}</p><p>${escapeHtml(description)}</p>`), status);
}

function chooserPage(req: AuthorizeRequest, problem?: string, values: { email?: string; name?: string } = {}) {
  const hidden = Object.entries(req)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(String(v))}">`)
    .join("");
  return page(
    "Sign in - Google Accounts (simulator)",
    `<p>Google simulator: no real account is used</p><h1>Sign in with Google</h1><p>to continue to Keyshop</p>
<form method="post">${hidden}
${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : ""}
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(values.email ?? req.login_hint ?? "")}">
<label for="name">Name</label><input id="name" name="name" autocomplete="name" required value="${escapeHtml(values.name ?? "")}">
<div class="row"><button class="secondary" name="action" value="cancel" formnovalidate>Cancel</button><button class="primary" name="action" value="continue">Continue</button></div></form>`,
  );
}

export function createGoogleSimulator(options: GoogleSimOptions) {
  const now = options.now ?? Date.now;
  // Made on first use: every app (and test context) mounts the stand-in, few sign in with it.
  let key: SigningKey | null = null;
  const signingKey = () => (key ??= newSigningKey());
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, { email: string; name: string; expiresAt: number }>();
  const profileOf = (email: string, name: string) => {
    const sub = subjectOf(email);
    const [given, ...family] = name.split(" ");
    return { sub, name, given_name: given, ...(family.length ? { family_name: family.join(" ") } : {}), picture: `${options.issuer}/avatar/${sub}`, email, email_verified: true };
  };
  const sweep = () => {
    const t = now();
    for (const [k, g] of codes) if (g.expiresAt < t) codes.delete(k);
    for (const [k, g] of tokens) if (g.expiresAt < t) tokens.delete(k);
  };

  /** Google's own checks before anything is shown: the client and its registered redirect URI. */
  function checkClient(c: Context, req: AuthorizeRequest) {
    if (req.client_id !== options.clientId) return errorPage(c, 401, "invalid_client", "The OAuth client was not found.");
    if (req.redirect_uri !== options.redirectUri) return errorPage(c, 400, "redirect_uri_mismatch", `${req.redirect_uri} is not a registered redirect URI.`);
    if (!req.scope.split(" ").includes("openid")) return errorPage(c, 400, "invalid_scope", "The scope must include openid.");
    return null;
  }

  const app = new Hono();
  app.use("*", async (c, next) => {
    await next();
    // The chooser posts to itself and is then redirected to the shop's callback.
    c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' " + new URL(options.redirectUri).origin + "; frame-ancestors 'none'");
    c.header("Cache-Control", "no-store");
  });

  app.get("/o/oauth2/v2/auth", (c) => {
    const parsed = AuthorizeQuery.safeParse(c.req.query());
    if (!parsed.success) return errorPage(c, 400, "invalid_request", parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    return checkClient(c, parsed.data) ?? c.html(chooserPage(parsed.data));
  });

  app.post("/o/oauth2/v2/auth", async (c) => {
    const raw = await c.req.parseBody().catch(() => null); // a malformed form is the client's mistake
    if (!raw) return errorPage(c, 400, "invalid_request", "The sign-in form could not be read.");
    const form = Object.fromEntries(Object.entries(raw).filter(([, v]) => typeof v === "string")) as Record<string, string>;
    const parsed = AuthorizeQuery.safeParse(form);
    if (!parsed.success) return errorPage(c, 400, "invalid_request", "The sign-in request is incomplete.");
    const req = parsed.data;
    const refused = checkClient(c, req);
    if (refused) return refused;
    const back = new URL(req.redirect_uri);
    if (req.state) back.searchParams.set("state", req.state);
    if (form.action === "cancel") {
      back.searchParams.set("error", "access_denied");
      return c.redirect(back.toString(), 302);
    }
    const account = Account.safeParse({ email: form.email, name: form.name });
    if (!account.success) return c.html(chooserPage(req, "Enter an email address and a name.", { email: form.email, name: form.name }), 400);
    sweep();
    const code = `4/0${randomBytes(24).toString("base64url")}`;
    codes.set(code, {
      clientId: req.client_id,
      redirectUri: req.redirect_uri,
      codeChallenge: req.code_challenge,
      scope: req.scope,
      nonce: req.nonce,
      email: account.data.email.toLowerCase(),
      name: account.data.name,
      expiresAt: now() + CODE_TTL_MS,
    });
    back.searchParams.set("code", code);
    back.searchParams.set("scope", req.scope);
    return c.redirect(back.toString(), 302);
  });

  app.post("/token", async (c) => {
    const body = Object.fromEntries(Object.entries(await c.req.parseBody().catch(() => ({}))).filter(([, v]) => typeof v === "string")) as Record<string, string>;
    const refuse = (error: string, description: string, status: 400 | 401 = 400) => c.json({ error, error_description: description }, status);
    // Client authentication: client_secret_post or client_secret_basic, as Google accepts both.
    let clientId = body.client_id;
    let clientSecret = body.client_secret;
    const basic = /^Basic\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    if (basic) [clientId, clientSecret] = Buffer.from(basic, "base64").toString().split(":").map(decodeURIComponent) as [string, string];
    if (clientId !== options.clientId || !clientSecret || !sameText(clientSecret, options.clientSecret)) return refuse("invalid_client", "Unauthorized", 401);
    if (body.grant_type !== "authorization_code") return refuse("unsupported_grant_type", "Invalid grant_type");
    const grant = body.code ? codes.get(body.code) : undefined;
    if (body.code) codes.delete(body.code); // once, whatever happens next
    if (!grant || grant.expiresAt < now() || grant.clientId !== clientId) return refuse("invalid_grant", "Malformed auth code.");
    if (body.redirect_uri !== grant.redirectUri) return refuse("redirect_uri_mismatch", "Bad Request");
    if (!body.code_verifier || b64urlSha256(body.code_verifier) !== grant.codeChallenge) return refuse("invalid_grant", "Invalid code verifier.");
    const issuedAt = Math.floor(now() / 1000);
    const accessToken = `ya29.${randomBytes(32).toString("base64url")}`;
    tokens.set(accessToken, { email: grant.email, name: grant.name, expiresAt: now() + TOKEN_TTL_S * 1000 });
    const idToken = signJwt(signingKey(), {
      iss: options.issuer,
      azp: grant.clientId,
      aud: grant.clientId,
      ...profileOf(grant.email, grant.name),
      at_hash: atHash(accessToken),
      iat: issuedAt,
      exp: issuedAt + TOKEN_TTL_S,
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
    });
    return c.json({ access_token: accessToken, expires_in: TOKEN_TTL_S, scope: grant.scope, token_type: "Bearer", id_token: idToken });
  });

  app.get("/oauth2/v3/userinfo", (c) => {
    const token = /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    const holder = token ? tokens.get(token) : undefined;
    if (!holder || holder.expiresAt < now()) return c.json({ error: "invalid_request", error_description: "Invalid Credentials" }, 401);
    return c.json(profileOf(holder.email, holder.name));
  });

  app.get("/oauth2/v3/certs", (c) => c.json({ keys: [signingKey().jwk] }));

  app.get("/.well-known/openid-configuration", (c) => c.json(discoveryDocument(options.issuer)));

  app.get("/avatar/:sub", (c) => {
    const sub = c.req.param("sub");
    if (!/^\d{21}$/.test(sub)) return c.json({ error: "not_found", error_description: "No such picture." }, 404);
    // A coloured circle per account, as Google draws for an account without a photo.
    const hue = Number(sub.slice(-3)) % 360;
    c.header("Content-Type", "image/svg+xml");
    return c.body(`<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="hsl(${hue} 55% 45%)"/></svg>`);
  });

  return { app };
}
