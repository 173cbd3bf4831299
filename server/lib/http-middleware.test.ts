import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/harness";
import { AppError } from "./errors";
import { limitBody } from "./http-middleware";

describe("limitBody", () => {
  const app = new Hono()
    .use(limitBody(100))
    .post("/", async (c) => c.json({ size: (await c.req.text()).length }))
    .onError((err, c) => c.json({ code: (err as AppError).code }, (err as AppError).status as 413));

  it("passes bodies within the limit and refuses a larger declared Content-Length with 413", async () => {
    expect(await (await app.request("/", { method: "POST", body: "x".repeat(100) })).json()).toEqual({ size: 100 });
    const big = await app.request("/", { method: "POST", body: "x".repeat(101) });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("counts a chunked body that declares no length", async () => {
    const stream = (n: number) =>
      new ReadableStream({
        start(controller) {
          for (let i = 0; i < n; i++) controller.enqueue(new TextEncoder().encode("x".repeat(10)));
          controller.close();
        },
      });
    const small = await app.request("/", { method: "POST", body: stream(5), duplex: "half" } as RequestInit);
    expect(await small.json()).toEqual({ size: 50 });
    expect((await app.request("/", { method: "POST", body: stream(20), duplex: "half" } as RequestInit)).status).toBe(413);
  });
});

describe("limitBody over a real socket", () => {
  it("passes a POST without a body, and counts a chunked one", async () => {
    const { serve } = await import("@hono/node-server");
    const app = new Hono()
      .use(limitBody(100))
      .post("/", async (c) => c.json({ size: (await c.req.text()).length }))
      .onError((err, c) => c.json({ code: (err as AppError).code }, (err as AppError).status as 413));
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((r) => server.once("listening", r));
    const { port } = server.address() as { port: number };
    try {
      const empty = await fetch(`http://127.0.0.1:${port}/`, { method: "POST" });
      expect(await empty.json()).toEqual({ size: 0 });
      const chunks = (n: number) =>
        new ReadableStream({
          start(controller) {
            for (let i = 0; i < n; i++) controller.enqueue(new TextEncoder().encode("y".repeat(10)));
            controller.close();
          },
        });
      const big = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: chunks(20), duplex: "half" } as RequestInit);
      expect(big.status).toBe(413);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe("security headers", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const SECURITY = ["strict-transport-security", "x-content-type-options", "x-frame-options", "referrer-policy", "cross-origin-opener-policy", "cross-origin-resource-policy"];
  const pick = (res: Response) => Object.fromEntries(SECURITY.map((h) => [h, res.headers.get(h)]));

  it("are the same on the desktop tool's API (set up front) as everywhere else", async () => {
    const elsewhere = await t.app.request("/healthz");
    const tool = await t.app.request("/api/v1/licenses/public-key");
    const toolError = await t.app.request("/api/v1/licenses/validate", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(toolError.status).toBe(422);
    expect(pick(elsewhere)["x-content-type-options"]).toBe("nosniff");
    expect(pick(tool)).toEqual(pick(elsewhere));
    expect(pick(toolError)).toEqual(pick(elsewhere));
  });
});
