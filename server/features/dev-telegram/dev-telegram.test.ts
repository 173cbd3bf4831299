// The Telegram simulator's page and JSON: what the seller's chat received, rendered as a chat
// would (bold, links), with nothing a message brings able to run or escape.
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TELEGRAM_SIMULATOR_TOKEN } from "../../config";
import type { Database } from "../../db/client";
import { createTestDatabase } from "../../test/db";
import { createDevTelegramRoutes } from "./routes";

let database: Database;
let app: Hono;
const send = (body: Record<string, unknown>, type = "application/json") =>
  app.request(`/dev/telegram/bot${TELEGRAM_SIMULATOR_TOKEN}/sendMessage`, { method: "POST", headers: { "content-type": type }, body: type === "application/json" ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString() });

beforeAll(async () => {
  database = await createTestDatabase();
  app = new Hono().route("/dev/telegram", createDevTelegramRoutes({ db: database.db }));
  expect((await send({ chat_id: 424242, text: "💰 <b>New sale</b>: 3 Months licence, <b>$29.99</b>\nbuyer@example.com\n<a href=\"https://shop.test/transactions-history\">Transactions</a>", parse_mode: "HTML" })).status).toBe(200);
  expect((await send({ chat_id: "-100200", text: "<i>x</i> <a href=\"javascript:alert(1)\">js</a> &lt;script&gt;alert(2)&lt;/script&gt;", parse_mode: "HTML" })).status).toBe(200);
  expect((await send({ chat_id: "777", text: "plain <not> html & such" }, "application/x-www-form-urlencoded")).status).toBe(200);
});
afterAll(() => database.close());

describe("Telegram simulator", () => {
  it("lists messages as JSON, newest first, with their plain text, filtered by chat", async () => {
    const res = await app.request("/dev/telegram/messages.json");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { messages } = (await res.json()) as { messages: Array<{ chatId: string; plain: string; parseMode: string | null }> };
    expect(messages.map((m) => m.chatId)).toEqual(["777", "-100200", "424242"]);
    expect(messages[2]!.plain).toBe("💰 New sale: 3 Months licence, $29.99\nbuyer@example.com\nTransactions");
    expect(messages[0]).toMatchObject({ plain: "plain <not> html & such", parseMode: null });
    const one = (await (await app.request("/dev/telegram/messages.json?chat=424242")).json()) as { messages: unknown[] };
    expect(one.messages).toHaveLength(1);
  });

  it("shows them on a page without scripts: formatting kept, links http(s) only, everything else escaped", async () => {
    const res = await app.request("/dev/telegram");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const page = await res.text();
    expect(page).toContain("<h1>Telegram simulator</h1>");
    expect(page).toContain("<b>New sale</b>");
    expect(page).toContain('<a href="https://shop.test/transactions-history" rel="noreferrer">Transactions</a>');
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toContain("javascript:");
    expect(page).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
    expect(page).toContain("plain &lt;not&gt; html &amp; such");
    expect(page).toContain("3 messages");
  });

  it("refuses text that is not UTF-8 (a lone surrogate, NUL) as Telegram does, and stores nothing (decision 034)", async () => {
    for (const text of ["broken \ud800 text", "a\u0000b"]) {
      const res = await send({ chat_id: 424242, text });
      expect(res.status, JSON.stringify(text)).toBe(400);
      expect(await res.json()).toEqual({ ok: false, error_code: 400, description: "Bad Request: text must be encoded in UTF-8" });
    }
    const { messages } = (await (await app.request("/dev/telegram/messages.json")).json()) as { messages: unknown[] };
    expect(messages).toHaveLength(3);
  });

  it("answers getMe as Telegram does, and any other method or a wrong token in the Bot API's shape", async () => {
    const bot = `/dev/telegram/bot${TELEGRAM_SIMULATOR_TOKEN}`;
    for (const method of ["GET", "POST"]) {
      const me = await app.request(`${bot}/getMe`, { method });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ ok: true, result: { id: Number(TELEGRAM_SIMULATOR_TOKEN.split(":")[0]), is_bot: true, username: expect.stringMatching(/bot$/) } });
    }
    const unknown = await app.request(`${bot}/getUpdates`, { method: "POST" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ ok: false, error_code: 404, description: "Not Found" });
    for (const path of ["/dev/telegram/bot123:wrong/getMe", "/dev/telegram/bot123:wrong/getUpdates"]) {
      const wrong = await app.request(path);
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toEqual({ ok: false, error_code: 401, description: "Unauthorized" });
    }
  });
});
