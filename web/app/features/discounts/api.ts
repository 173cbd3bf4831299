// The discount codes' calls (decision 077): the public quote a checkout asks for, and the
// super-admin's Discount codes page. Types only from the contract (no zod here: the quote is on the
// landing's checkout, which must stay light).
//
// The routes are served by the server's discounts feature; until they are in the generated typed
// client (contracts/api-types.ts, regenerated from the server's OpenAPI document when it lands),
// they go through `call`: the same fetch, cookie and error handling (an ApiError with the table's
// code) as `client` + `unwrap`. Once they are there, each line becomes `unwrap(client.METHOD(…))`.
import type {
  CreateDiscountBody,
  DiscountDto,
  DiscountQuote,
  DiscountReport,
  UpdateDiscountBody,
} from "../../../../contracts/discounts";
import { unwrap } from "~/lib/api";

export type { DiscountDto, DiscountQuote, DiscountReport };

type Method = "GET" | "POST" | "PATCH";

function call<T>(method: Method, path: string, { body, signal }: { body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const answer = globalThis
    .fetch(path, { method, credentials: "same-origin", headers, body: body === undefined ? undefined : JSON.stringify(body), signal })
    .then(async (response) => {
      const json: unknown = await response.json().catch(() => undefined);
      return response.ok ? { data: json as T, response } : { error: json, response };
    });
  return unwrap<T, unknown>(answer);
}

const byId = (id: string) => `/api/admin/discounts/${encodeURIComponent(id)}`;

export const discountsApi = {
  /** What `code` takes off `planId` now (a quote holds nothing: the checkout checks again). */
  quote: (body: { code: string; planId: string; email?: string }, signal?: AbortSignal) =>
    call<DiscountQuote>("POST", "/api/discounts/quote", { body, signal }),
  list: (signal?: AbortSignal) => call<{ discounts: DiscountDto[] }>("GET", "/api/admin/discounts", { signal }),
  create: (body: CreateDiscountBody) => call<DiscountDto>("POST", "/api/admin/discounts", { body }),
  update: (id: string, body: UpdateDiscountBody) => call<DiscountDto>("PATCH", byId(id), { body }),
  report: (id: string, signal?: AbortSignal) => call<DiscountReport>("GET", byId(id), { signal }),
};
