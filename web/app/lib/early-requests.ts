// Requests a page's first load sends before the code that needs their answers has loaded
// (lib/early-load.ts): the API client (lib/api.ts) takes such an answer once instead of asking
// again. No imports: the API client is on the public pages too.

/** An early answer older than this is not used (the page took too long to ask: ask afresh). */
const EARLY_MAX_AGE_MS = 15_000;

const early = new Map<string, { at: number; response: Promise<Response> }>();

/** GET `path` now (same origin, as the API client asks); the client takes the answer once. */
export function requestEarly(path: string) {
  const response = globalThis.fetch(path, { credentials: "same-origin", headers: { Accept: "application/json" } });
  response.catch(() => undefined); // a failure is the taker's to report; nobody may take it
  early.set(path, { at: Date.now(), response });
}

/**
 * The early answer to this request, once, when one was asked for recently. An answer other than
 * 2xx (or none) is asked for again (e.g. refused before a second factor that has been given
 * since), except 401: no session is no session.
 */
export function takeEarly(request: Request): Promise<Response> | undefined {
  if (request.method !== "GET" || early.size === 0) return undefined;
  const url = new URL(request.url, globalThis.location?.href);
  if (typeof location !== "undefined" && url.origin !== location.origin) return undefined;
  const key = url.pathname + url.search;
  const hit = early.get(key);
  if (!hit) return undefined;
  early.delete(key);
  if (Date.now() - hit.at > EARLY_MAX_AGE_MS) return undefined;
  return hit.response.then(
    (response) => (response.ok || response.status === 401 ? response : globalThis.fetch(request)),
    () => globalThis.fetch(request),
  );
}
