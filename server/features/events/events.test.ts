// The live account stream: each user hears about their own balance and OTP orders, nobody else's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestClient, type TestContext } from "../../test/harness";
import { changeBalance, ensureApiKey } from "../balance/service";
import { MAX_STREAMS_PER_USER } from "./routes";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** Opens the stream and returns a reader of event names (comments and data lines skipped). */
async function openStream(client: TestClient) {
  const abort = new AbortController();
  const res = await client.request("/api/events", { signal: abort.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const events: string[] = [];
  // A read outlives a timed-out wait: keep it for the next call instead of losing its chunk.
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  const next = async (timeoutMs = 3000): Promise<string | undefined> => {
    const deadline = Date.now() + timeoutMs;
    while (events.length === 0) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) return undefined;
      pending ??= reader.read();
      const chunk = await Promise.race([pending, new Promise<null>((r) => setTimeout(() => r(null), remaining))]);
      if (chunk === null) return undefined;
      pending = undefined;
      if (chunk.done) return undefined;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = /^event: (.+)$/m.exec(block)?.[1];
        if (name) events.push(name);
      }
    }
    return events.shift();
  };
  return { next, close: () => abort.abort() };
}

const credit = async (userId: string, mills: number) => {
  const key = await ensureApiKey({ db: t.database.db, secret: t.config.authSecret, userId });
  await t.database.db.transaction((tx) => changeBalance(tx, { apiKeyId: key.id, deltaMills: mills, reason: "topup", reference: "events-test" }));
};

describe("GET /api/events", () => {
  it("is for signed-in users only", async () => {
    expect((await t.client().json("/api/events")).status).toBe(401);
  });

  it("tells a user about their own balance changes and OTP orders, and nothing about others'", async () => {
    const alice = await t.signedInUser();
    const bob = await t.signedInUser();
    await credit(alice.id, 1000); // keys exist before the streams open
    await credit(bob.id, 1000);
    const stream = await openStream(alice.client);
    expect(await stream.next()).toBe("ready");

    await credit(bob.id, 500);
    expect(await stream.next(500)).toBeUndefined();

    await credit(alice.id, 500);
    expect(await stream.next()).toBe("balance");

    const buy = await alice.client.json<{ id: string }>("/api/otp-mail/orders", { method: "POST", json: {} });
    expect(buy.status).toBeLessThan(300);
    const seen = [await stream.next(), await stream.next()].sort();
    expect(seen).toEqual(["balance", "otp"]);
    stream.close();
  });

  it("refuses more than a handful of streams per user", async () => {
    const carol = await t.signedInUser();
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await openStream(carol.client));
    const refused = await carol.client.json<{ code: string }>("/api/events");
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("TOO_MANY_STREAMS");
    for (const s of streams) s.close();
  });
});
