// The Telegram simulator (embedded mode only, decision 027): the Bot API's sendMessage as the
// seller's notifier calls it, getMe, and Telegram's own answers to any other method (POST /dev/telegram/bot<token>/sendMessage, JSON or a form, the same
// answers: { ok: true, result } or { ok: false, error_code, description }), with the fixed dev
// token; what it received is kept in the database and shown at /dev/telegram (and as JSON at
// /dev/telegram/messages.json for tests), like the dev mailbox.
import { Hono, type Context } from "hono";
import { singleLineText, textProblem } from "../../../contracts/text";
import { TELEGRAM_SIMULATOR_TOKEN } from "../../config";
import type { Db } from "../../db/client";
import { validationError } from "../../lib/errors";
import { DEV_TELEGRAM_CSP, renderTelegramPage } from "./page";
import { listSimulatedMessages, storeSimulatedMessage } from "./service";
import { parseTelegramHtml, plainText, TelegramParseError } from "./telegram-html";

const MAX_BODY = 64 * 1024;
const MAX_TEXT = 4096;
const ChatQuery = singleLineText().max(64).optional();

function chatFilter(value: string | undefined) {
  const parsed = ChatQuery.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data || undefined;
}

/** The Bot API's refusal. */
const refuse = (c: Context, status: 400 | 401 | 404 | 413, description: string) => c.json({ ok: false, error_code: status, description }, status);

/** The method's parameters (query, JSON or form, as the Bot API takes them); undefined: too large; null: unreadable JSON. */
async function readParams(c: Context): Promise<Record<string, unknown> | null | undefined> {
  const raw = await c.req.text();
  if (raw.length > MAX_BODY) return undefined;
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  const query = Object.fromEntries(new URL(c.req.url).searchParams);
  if (!raw) return query;
  if (type.includes("application/json")) {
    try {
      const parsed: unknown = JSON.parse(raw);
      return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? { ...query, ...(parsed as Record<string, unknown>) } : null;
    } catch {
      return null;
    }
  }
  if (type.includes("application/x-www-form-urlencoded")) return { ...query, ...Object.fromEntries(new URLSearchParams(raw)) };
  return query;
}

export function createDevTelegramRoutes({ db, token = TELEGRAM_SIMULATOR_TOKEN }: { db: Db; token?: string }): Hono {
  const app = new Hono();

  app.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });

  app.post("/:bot/sendMessage", async (c) => {
    if (c.req.param("bot") !== `bot${token}`) return refuse(c, 401, "Unauthorized");
    const params = await readParams(c);
    if (params === undefined) return refuse(c, 413, "Request Entity Too Large");
    if (params === null) return refuse(c, 400, "Bad Request: can't parse JSON object");
    const chat = params.chat_id;
    const chatId = typeof chat === "number" && Number.isSafeInteger(chat) ? String(chat) : typeof chat === "string" ? chat.trim() : "";
    if (!chatId) return refuse(c, 400, "Bad Request: chat_id is empty");
    if (!/^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/.test(chatId)) return refuse(c, 400, "Bad Request: chat not found");
    const text = typeof params.text === "string" ? params.text : params.text === undefined ? "" : String(params.text);
    if (!text.trim()) return refuse(c, 400, "Bad Request: message text is empty");
    // NUL or a lone UTF-16 surrogate (decision 034): what Telegram says of bytes that are not UTF-8.
    if (textProblem(text, "opaque")) return refuse(c, 400, "Bad Request: text must be encoded in UTF-8");
    const parseMode = typeof params.parse_mode === "string" && params.parse_mode ? params.parse_mode : null;
    if (parseMode && !["html", "markdown", "markdownv2"].includes(parseMode.toLowerCase())) return refuse(c, 400, "Bad Request: unsupported parse_mode");
    let plain = text;
    if (parseMode?.toLowerCase() === "html") {
      try {
        plain = plainText(parseTelegramHtml(text));
      } catch (err) {
        if (err instanceof TelegramParseError) return refuse(c, 400, `Bad Request: ${err.message}`);
        throw err;
      }
    }
    if (!plain.trim()) return refuse(c, 400, "Bad Request: message text is empty");
    if ([...plain].length > MAX_TEXT) return refuse(c, 400, "Bad Request: message is too long");
    const preview = params.disable_web_page_preview;
    const stored = await storeSimulatedMessage(db, { chatId, text, parseMode, disableWebPagePreview: preview === true || preview === "true" });
    return c.json({
      ok: true,
      result: {
        message_id: stored.messageId,
        date: Math.floor(stored.receivedAt.getTime() / 1000),
        chat: { id: /^-?\d+$/.test(chatId) ? Number(chatId) : chatId, type: chatId.startsWith("-") || chatId.startsWith("@") ? "channel" : "private" },
        from: { id: Number(token.split(":")[0]), is_bot: true, first_name: "Keyshop (simulator)" },
        text: plain,
      },
    });
  });

  // getMe, as a client checks its token before anything else (GET or POST, no parameters).
  app.on(["GET", "POST"], "/:bot/getMe", (c) => {
    if (c.req.param("bot") !== `bot${token}`) return refuse(c, 401, "Unauthorized");
    return c.json({
      ok: true,
      result: {
        id: Number(token.split(":")[0]),
        is_bot: true,
        first_name: "Keyshop (simulator)",
        username: "keyshop_simulator_bot",
        can_join_groups: true,
        can_read_all_group_messages: false,
        supports_inline_queries: false,
        can_connect_to_business: false,
        has_main_web_app: false,
      },
    });
  });

  // Any other Bot API method: Telegram's own answers (a wrong token first, then an unknown method).
  app.all("/:bot/:method", (c) => refuse(c, c.req.param("bot") === `bot${token}` ? 404 : 401, c.req.param("bot") === `bot${token}` ? "Not Found" : "Unauthorized"));

  app.get("/", async (c) => {
    const chat = chatFilter(c.req.query("chat"));
    const messages = await listSimulatedMessages(db, { chat });
    c.header("Content-Security-Policy", DEV_TELEGRAM_CSP);
    return c.html(renderTelegramPage({ messages, chat }));
  });

  app.get("/messages.json", async (c) => {
    const messages = await listSimulatedMessages(db, { chat: chatFilter(c.req.query("chat")) });
    return c.json({
      messages: messages.map((m) => ({ id: m.id, chatId: m.chatId, text: m.text, plain: m.plain, parseMode: m.parseMode, receivedAt: m.receivedAt.toISOString() })),
    });
  });

  return app;
}
