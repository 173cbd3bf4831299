// The typed client's answers and failures: the body of a 2xx, else an ApiError carrying the error
// table's code (never decided by the status), NETWORK_ERROR without an answer, HTTP_ERROR for an
// answer that is not ours; a cancelled request stays a cancellation.
import { afterEach, describe, expect, it, vi } from "vitest";

import { ApiError, api, client, isRetryable, unwrap } from "./api";

const answer = (status: number, body: unknown, type = "application/json") =>
  vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "content-type": type } }));

afterEach(() => vi.restoreAllMocks());

describe("the typed client", () => {
  it("answers a 2xx with its body, and builds the query string itself", async () => {
    const fetch = answer(200, { licenses: [] });
    await expect(unwrap(client.GET("/api/licenses", { params: { query: { search: "kh x" } } }))).resolves.toEqual({ licenses: [] });
    const request = fetch.mock.calls[0]![0] as Request;
    expect(new URL(request.url).pathname + new URL(request.url).search).toBe("/api/licenses?search=kh%20x");
  });

  it("turns a refusal into an ApiError with the table's code, message and issues", async () => {
    answer(422, { code: "VALIDATION_FAILED", message: "Invalid input", issues: [{ path: "name", message: "Too long" }] });
    const error = await unwrap(client.PATCH("/api/profile", { body: { name: "x" } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "VALIDATION_FAILED", status: 422, issues: [{ path: "name", message: "Too long" }] });
    expect(isRetryable(error)).toBe(false);
  });

  it("a code that is not in the table, or no JSON at all, is HTTP_ERROR; a 5xx of that kind is worth a retry", async () => {
    answer(502, "<html>Bad gateway</html>", "text/html");
    const error = await unwrap(client.GET("/api/balance")).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "HTTP_ERROR", status: 502 });
    expect(isRetryable(error)).toBe(true);
    answer(409, { code: "SOMETHING_ELSE", message: "?" });
    await expect(unwrap(client.GET("/api/balance"))).rejects.toMatchObject({ code: "HTTP_ERROR", status: 409 });
  });

  it("no answer at all is NETWORK_ERROR; a cancelled request is rethrown as the AbortError it is", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(unwrap(client.GET("/api/balance"))).rejects.toMatchObject({ code: "NETWORK_ERROR", status: 0 });
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new DOMException("The operation was aborted.", "AbortError"));
    await expect(unwrap(client.GET("/api/balance"))).rejects.toMatchObject({ name: "AbortError" });
  });

  it("getMe: nobody signed in (UNAUTHENTICATED) is null, other failures are thrown", async () => {
    answer(401, { code: "UNAUTHENTICATED", message: "Please sign in to continue." });
    await expect(api.getMe()).resolves.toBeNull();
    answer(503, { code: "UNAVAILABLE", message: "Down" });
    await expect(api.getMe()).rejects.toMatchObject({ code: "UNAVAILABLE" });
  });
});
