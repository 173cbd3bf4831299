// Test helpers: a scripted licence server behind an injected fetch, signing with the test-vector
// keys through node:crypto (the client under test verifies with WebCrypto, so the two sides share
// no code but the vectors' key material).
import type { LicenseAnswer, LicenseAction } from "../src/answer";
import type { TrustedKey } from "../src/keys";
import { KEY_1, MESSAGES, answerBody, signatureHeader, type SigningKey, type VectorResponse } from "../scripts/make-test-vectors";

export const BASE_URL = "https://shop.test/api/v1/licenses";

export interface SeenRequest {
  method: string;
  url: string;
  /** The endpoint after the base URL: "validate", "public-key", … */
  endpoint: string;
  body: Record<string, unknown> | null;
}

export type Handler = (request: SeenRequest) => Response | Promise<Response>;

/** A fetch that records every request and lets the test decide each response. */
export function fakeFetch(handler: Handler): { fetch: typeof fetch; requests: SeenRequest[] } {
  const requests: SeenRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    const request = { method: init?.method ?? "GET", url, endpoint: url.startsWith(`${BASE_URL}/`) ? url.slice(BASE_URL.length + 1) : url, body };
    requests.push(request);
    return handler(request);
  };
  return { fetch: fetchImpl as typeof fetch, requests };
}

export const offline: Handler = () => {
  throw new TypeError("fetch failed");
};

export function trusted(...keys: SigningKey[]): TrustedKey[] {
  return keys.map(({ keyId, publicKeyBase64 }) => ({ keyId, publicKeyBase64 }));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The answer a correct server gives to this request at `serverTime`: it names the request's
 * action, normalised keys and nonce. Valid by default, with a 7-day lease and a 30-day term.
 */
export function answerTo(request: SeenRequest, serverTime: Date, overrides: Partial<LicenseAnswer> = {}): LicenseAnswer {
  const body = request.body ?? {};
  const action = request.endpoint as LicenseAction;
  const deviceKey = String(action === "change-key" ? body.newDeviceKey : body.deviceKey).trim();
  const code = action === "activate" ? "ACTIVATED" : action === "change-key" ? "KEY_CHANGED" : "VALID";
  return {
    protocol: 2,
    action,
    valid: true,
    code,
    message: MESSAGES[code],
    buyKey: String(body.buyKey).trim().toUpperCase(),
    deviceKey,
    nonce: String(body.nonce),
    status: "Active",
    expiresAt: new Date(serverTime.getTime() + 30 * DAY_MS).toISOString(),
    changesLeft: 2,
    serverTime: serverTime.toISOString(),
    leaseUntil: new Date(serverTime.getTime() + 7 * DAY_MS).toISOString(),
    maxClockRollbackSeconds: 300,
    // Says nothing of the key list unless a test asks (as a server before key-list versions).
    keysVersion: null,
    ...overrides,
  };
}

export function refusalTo(request: SeenRequest, serverTime: Date, code: keyof typeof MESSAGES, overrides: Partial<LicenseAnswer> = {}): LicenseAnswer {
  return answerTo(request, serverTime, { valid: false, code, message: MESSAGES[code], leaseUntil: null, ...overrides });
}

export function signedResponse(answer: LicenseAnswer, key: SigningKey = KEY_1): Response {
  const body = answerBody(answer);
  return new Response(body, { status: 200, headers: { "content-type": "application/json", "x-keyshop-signature": signatureHeader([key], body) } });
}

export function toResponse(recorded: VectorResponse): Response {
  return new Response(recorded.body, { status: recorded.status, headers: { "content-type": "application/json", ...recorded.headers } });
}

export function statusResponse(status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ code: "RATE_LIMITED", message: "Too many requests." }), { status, headers: { "content-type": "application/json", ...headers } });
}
