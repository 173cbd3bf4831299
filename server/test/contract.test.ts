// The contract checker itself (contract.ts), on a small document: what it resolves, what it
// refuses, what it skips. The suites that use it are authorization-matrix.test.ts and the fuzz tests (fuzz*.test.ts).
import { describe, expect, it } from "vitest";
import { createContract } from "./contract";

const error = { $ref: "#/components/schemas/ErrorBody" };
const json = (schema: unknown) => ({ description: "", content: { "application/json": { schema } } });
const DOC = {
  openapi: "3.1.0",
  paths: {
    "/api/orders": { get: { responses: { 200: json({ type: "object", properties: { total: { type: "integer" } }, required: ["total"] }), 401: json(error) } } },
    "/api/orders/checkout": { post: { responses: { 201: json({ type: "object" }), 422: json(error) } } },
    "/api/orders/{id}": {
      get: { responses: { 200: json({ type: "object", properties: { id: { type: "string", format: "uuid" }, paidAt: { type: ["string", "null"], format: "date-time" } } }), 404: json(error) } },
    },
    "/api/events": { get: { responses: { 200: { description: "", content: { "text/event-stream": { schema: { type: "string" } } } } } } },
    "/api/thing": { delete: { responses: { 204: { description: "" } } } },
  },
  components: {
    schemas: { ErrorBody: { type: "object", properties: { code: { type: "string" }, message: { type: "string" } }, required: ["code", "message"] } },
  },
};
const contract = createContract(DOC);
const answer = (method: string, url: string, status: number, body: string | undefined, contentType: string | null = "application/json; charset=utf-8") =>
  contract.problems({ method, url, status, contentType, body });

describe("the contract checker", () => {
  it("resolves a request to its operation: static paths first, another method of a static path falls through to a template", () => {
    expect(contract.operationOf("GET", "http://shop.test/api/orders?page=2")).toBe("GET /api/orders");
    expect(contract.operationOf("POST", "/api/orders/checkout")).toBe("POST /api/orders/checkout");
    expect(contract.operationOf("GET", "/api/orders/checkout")).toBe("GET /api/orders/{id}");
    expect(contract.operationOf("GET", "/api/orders/a%2Fb")).toBe("GET /api/orders/{id}");
    expect(contract.operationOf("GET", "/api/orders//")).toBeUndefined();
    expect(contract.operationOf("DELETE", "/api/orders")).toBeUndefined();
    expect(contract.operationOf("GET", "/api/auth/get-session")).toBeUndefined();
  });

  it("passes an answer the document promises", () => {
    expect(answer("GET", "/api/orders", 200, '{"total":3}')).toEqual([]);
    expect(answer("GET", "/api/orders", 401, '{"code":"UNAUTHENTICATED","message":"Sign in"}')).toEqual([]);
    expect(answer("GET", "/api/orders/x", 200, '{"id":"5f0c3a1e-8d1b-4a57-9a43-3b8e7c7b2f10","paidAt":null}')).toEqual([]);
    expect(answer("DELETE", "/api/thing", 204, "", null)).toEqual([]);
  });

  it("refuses a status the operation does not document", () => {
    expect(answer("GET", "/api/orders", 404, '{"code":"NOT_FOUND","message":"x"}')).toEqual([expect.stringContaining("status 404 is not documented for GET /api/orders")]);
  });

  it("refuses a body that breaks the status's schema, $refs and formats included", () => {
    expect(answer("GET", "/api/orders", 200, '{"total":"3"}')).toEqual([expect.stringContaining("body/total must be integer")]);
    expect(answer("GET", "/api/orders", 401, '{"code":"UNAUTHENTICATED"}')).toEqual([expect.stringContaining("must have required property 'message'")]);
    expect(answer("GET", "/api/orders/x", 200, '{"id":"not-a-uuid","paidAt":"yesterday"}')).toHaveLength(2);
    expect(answer("GET", "/api/orders", 200, "<html>")).toEqual([expect.stringContaining("not JSON")]);
  });

  it("refuses a media type the status does not document, and a missing or unexpected body", () => {
    expect(answer("GET", "/api/orders", 200, "total=3", "text/plain")).toEqual([expect.stringContaining("came as text/plain")]);
    expect(answer("GET", "/api/orders", 200, "")).toEqual([expect.stringContaining("none came")]);
    expect(answer("DELETE", "/api/thing", 204, "{}")).toEqual([expect.stringContaining("documents no body")]);
  });

  it("checks only the media type of a stream that was not read", () => {
    expect(answer("GET", "/api/events", 200, undefined, "text/event-stream")).toEqual([]);
    expect(answer("GET", "/api/events", 200, undefined, "application/json")).toEqual([expect.stringContaining("came as application/json")]);
  });

  it("skips routes outside the document, and check() throws with the request and the answer", () => {
    expect(answer("POST", "/api/auth/sign-in/email", 401, "{}")).toBeUndefined();
    expect(() => contract.check({ method: "GET", url: "/api/orders", status: 500, contentType: "application/json", body: "{}" })).toThrow(/^not as the OpenAPI document says: status 500 is not documented[\s\S]*request: GET \/api\/orders[\s\S]*answer: 500/);
    expect(contract.checked.get("GET /api/orders → 200")).toBeGreaterThan(0);
  });
});
