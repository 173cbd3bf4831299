// Graceful shutdown of a real server on a real port: a request in flight is finished, open live
// streams are told to end (`event: shutdown` with a retry hint) before their connections close.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import type { Database } from "./db/client";
import { SHUTDOWN_RETRY_MS } from "./features/events/routes";
import { startServer, type RunningServer } from "./server";
import { createTestDatabase } from "./test/db";

const TOKEN = "shutdown-test-token";
const PASSWORD = "correct horse battery 9";

describe("graceful shutdown", () => {
  let database: Database;
  let server: RunningServer;
  let baseUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", PORT: "0", HOST: "127.0.0.1", DEV_SMTP_PORT: "0", DEV_TEST_API_TOKEN: TOKEN });
    baseUrl = config.baseUrl;
    server = await startServer(config, { database });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("finishes the request in flight and ends live streams politely, then closes", async () => {
    const email = `shutdown-${Date.now()}@example.com`;
    const created = await fetch(`${server.url}/dev/test-api/users`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-test-token": TOKEN },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(created.status).toBe(200);
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      // The shop's own address (BASE_URL), as a browser on its pages sends it.
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

    // A live stream, read until it ends.
    const stream = await fetch(`${server.url}/api/events`, { headers: { cookie } });
    expect(stream.status).toBe(200);
    const streamText = (async () => {
      let text = "";
      const decoder = new TextDecoder();
      for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk, { stream: true });
      return text;
    })();

    // A request whose body is still arriving when shutdown starts.
    let sendRest!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":'));
        sendRest = () => {
          controller.enqueue(new TextEncoder().encode('"Still Here"}'));
          controller.close();
        };
      },
    });
    const inFlight = fetch(`${server.url}/api/profile`, {
      method: "PATCH",
      headers: { "content-type": "application/json", cookie },
      body,
      duplex: "half",
    } as RequestInit);
    await new Promise((r) => setTimeout(r, 200)); // the request has reached the app

    const started = Date.now();
    const closing = server.close();
    await new Promise((r) => setTimeout(r, 300));
    sendRest();

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ name: "Still Here" });

    const text = await streamText;
    expect(text).toMatch(/^event: ready\n/);
    const last = text.trim().split("\n\n").at(-1)!;
    expect(last).toMatch(/^event: shutdown\ndata: \{\}\nretry: \d+$/);
    const retry = Number(/retry: (\d+)/.exec(last)![1]);
    expect(retry).toBeGreaterThanOrEqual(SHUTDOWN_RETRY_MS.min);
    expect(retry).toBeLessThanOrEqual(SHUTDOWN_RETRY_MS.max);

    await closing;
    expect(Date.now() - started).toBeLessThan(8000);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });
});
