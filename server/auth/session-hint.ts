// A readable "signed in" hint beside better-auth's session cookie (decision 016).
//
// The session cookie is HttpOnly. The public pages' static script (web/enhance) needs to know,
// before anything else, whether to load the app at once (signed in: Dashboard in the header, the
// payment dialog on a plan) or stay a static page. So whenever better-auth sets or clears the
// session cookie, the same response sets or clears `ks_signed_in=1`. It carries no secret and
// grants nothing: a forged hint only makes the page load the app, which then asks the server.
import { SIGNED_IN_HINT_COOKIE } from "../../contracts/cookies";
import { COOKIE_PREFIX } from "./auth";

const SESSION_COOKIE = new RegExp(`^(?:__Secure-)?${COOKIE_PREFIX}\\.session_token=([^;]*)`);

function hintFor(setCookie: string, secure: boolean): string | undefined {
  const match = SESSION_COOKIE.exec(setCookie);
  if (!match) return undefined;
  const maxAge = /;\s*max-age=(-?\d+)/i.exec(setCookie)?.[1];
  const cleared = match[1] === "" || (maxAge !== undefined && Number(maxAge) <= 0);
  const attributes = `Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  return cleared
    ? `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; ${attributes}`
    : `${SIGNED_IN_HINT_COOKIE}=1; ${attributes}${maxAge ? `; Max-Age=${maxAge}` : ""}`;
}

/** The response with the hint cookie set or cleared as its session cookie is. */
export function withSessionHint(res: Response, secure: boolean): Response {
  const hints = res.headers
    .getSetCookie()
    .map((cookie) => hintFor(cookie, secure))
    .filter((hint): hint is string => hint !== undefined);
  if (hints.length === 0) return res;
  const headers = new Headers(res.headers);
  for (const hint of hints) headers.append("set-cookie", hint);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
