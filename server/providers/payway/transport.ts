// How the client talks to PayWay's JSON APIs: the paths, the settings, PaywayError and one POST
// helper. Kept apart from client.ts so each endpoint's module can use them without import cycles.
import { z } from "zod";

export const PAYWAY_PATHS = {
  purchase: "/api/payment-gateway/v1/payments/purchase",
  check: "/api/payment-gateway/v1/payments/check-transaction-2",
  close: "/api/payment-gateway/v1/payments/close-transaction",
  detail: "/api/payment-gateway/v1/payments/transaction-detail",
  refund: "/api/merchant-portal/merchant-access/online-transaction/refund",
} as const;

export interface PaywaySettings {
  /** e.g. https://checkout-sandbox.payway.com.kh (no trailing slash). */
  baseUrl: string;
  merchantId: string;
  apiKey: string;
  /** The merchant's RSA public key (PEM) from ABA; only the refund API needs it. */
  rsaPublicKey?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class PaywayError extends Error {
  constructor(
    message: string,
    public readonly code?: string,
    public readonly httpStatus?: number,
  ) {
    super(message);
    this.name = "PaywayError";
  }
}

/** PayWay's status codes: "00" on success, often plain numbers (5, 6, 429) on errors, "PTL02" on the portal APIs. */
export const Code = z.union([z.string(), z.number()]).transform(String);
export const StatusSchema = z.object({ code: Code, message: z.string().nullish() });

export interface PaywayAnswer {
  httpStatus: number;
  /** The parsed JSON body (not yet validated). */
  body: unknown;
}

/**
 * POSTs JSON and parses the JSON answer whatever its HTTP status (PayWay answers errors with 200,
 * 400 or 403 alike, so the body's status code decides). Unreachable or non-JSON → PaywayError.
 */
export async function postJson(settings: PaywaySettings, path: string, body: Record<string, string>): Promise<PaywayAnswer> {
  const doFetch = settings.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(`${settings.baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
    });
  } catch (err) {
    throw new PaywayError(`PayWay unreachable: ${(err as Error).message}`);
  }
  const text = await res.text().catch(() => "");
  try {
    return { httpStatus: res.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new PaywayError(`PayWay answered HTTP ${res.status} with no JSON`, undefined, res.status);
  }
}

/** Validates an answer's shape; a shape we do not know is a PaywayError, never a guess. */
export function parseAnswer<T extends z.ZodTypeAny>(schema: T, answer: PaywayAnswer): z.output<T> {
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) throw new PaywayError(`PayWay answered HTTP ${answer.httpStatus} in an unknown shape`, undefined, answer.httpStatus);
  return parsed.data;
}
