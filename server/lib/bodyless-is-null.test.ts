// A bodyless POST off a socket says so (`body: null`), so the OpenAPI routes' media-type gate does
// not build a web Request and read a clone of nothing (issue #28: a sixth of an OTP purchase).
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodylessIsNull } from "./http-middleware";

const route = createRoute({
  method: "post",
  path: "/orders",
  request: { body: { required: false, content: { "application/json": { schema: z.object({ service: z.string().optional() }) } } } },
  responses: { 200: { description: "ok" } },
});

let base = "";
let close: () => Promise<void>;
/** How each request's body looked to the route: null (declared none) or a stream. */
const seen: Array<"null" | "stream"> = [];

beforeAll(async () => {
  const { serve } = await import("@hono/node-server");
  const app = new OpenAPIHono();
  app.use("*", bodylessIsNull());
  app.use("*", async (c, next) => {
    seen.push(c.req.raw.body === null ? "null" : "stream");
    await next();
  });
  app.openapi(route, (c) => c.json({ service: c.req.valid("json").service ?? "default" }, 200));
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  close = () => new Promise((r) => server.close(() => r()));
});
afterAll(() => close());

const post = (init: RequestInit = {}) => fetch(`${base}/orders`, { method: "POST", ...init });

describe("bodylessIsNull", () => {
  it("answers a POST without a body, and the route sees no body", async () => {
    seen.length = 0;
    const res = await post();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ service: "default" });
    expect(seen).toEqual(["null"]);
  });

  it("treats Content-Length: 0 as no body", async () => {
    seen.length = 0;
    expect((await post({ headers: { "content-length": "0" } })).status).toBe(200);
    expect(seen).toEqual(["null"]);
  });

  it("leaves a body that is there alone: read as sent, and a typeless body still refused with 415", async () => {
    seen.length = 0;
    const sent = await post({ headers: { "content-type": "application/json" }, body: JSON.stringify({ service: "telegram" }) });
    expect(await sent.json()).toEqual({ service: "telegram" });
    const typeless = await post({ headers: { "content-type": "" }, body: "{}" });
    expect(typeless.status).toBe(415);
    expect(seen).toEqual(["stream", "stream"]);
  });

  it("leaves a chunked body alone", async () => {
    seen.length = 0;
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"service":"gmail"}'));
        controller.close();
      },
    });
    const res = await post({ headers: { "content-type": "application/json" }, body, duplex: "half" } as RequestInit);
    expect(await res.json()).toEqual({ service: "gmail" });
    expect(seen).toEqual(["stream"]);
  });
});
