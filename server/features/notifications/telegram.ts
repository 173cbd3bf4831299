// The Telegram Bot API's sendMessage, as the seller's notifier uses it: POST
// `<apiBase>/bot<token>/sendMessage` with { chat_id, text, parse_mode: "HTML",
// disable_web_page_preview: true }; the answer is { ok, result } or { ok: false, error_code,
// description, parameters.retry_after }. The token is a secret: it is never logged, and any
// text that could carry it (an error, the URL) is cleaned first.

export interface TelegramTarget {
  apiBase: string;
  token: string;
}

export type TelegramOutcome =
  | { ok: true; status: number; messageId: number | null; snippet: string }
  | {
      ok: false;
      /** The HTTP status (0: no answer). */
      status: number;
      description: string;
      snippet: string;
      /** 429: Telegram's parameters.retry_after, in seconds. */
      retryAfter?: number;
      /** The request itself is wrong (bad chat, bad token, bad text): trying again cannot help. */
      permanent: boolean;
    };

export const TELEGRAM_TIMEOUT_MS = 10_000;

export function redactToken(text: string, token: string): string {
  return token ? text.split(token).join("[token]") : text;
}

export async function sendTelegramMessage(target: TelegramTarget, message: { chatId: string; text: string }, timeoutMs = TELEGRAM_TIMEOUT_MS): Promise<TelegramOutcome> {
  const chatId = /^-?\d+$/.test(message.chatId) ? Number(message.chatId) : message.chatId;
  let res: Response;
  try {
    res = await fetch(`${target.apiBase}/bot${target.token}/sendMessage`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ chat_id: chatId, text: message.text, parse_mode: "HTML", disable_web_page_preview: true }),
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const e = err as { name?: string; message?: string; cause?: { code?: string } };
    const why = e.name === "TimeoutError" ? `no answer within ${Math.round(timeoutMs / 1000)} s` : [e.cause?.code, e.message].filter(Boolean).join(" ");
    return { ok: false, status: 0, description: redactToken(why, target.token).slice(0, 300), snippet: "", permanent: false };
  }
  const text = redactToken(await res.text().catch(() => ""), target.token);
  const snippet = text.slice(0, 500);
  let body: { ok?: unknown; result?: { message_id?: unknown }; error_code?: unknown; description?: unknown; parameters?: { retry_after?: unknown } } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    /* not JSON: judged by the status below */
  }
  if (res.ok && body.ok === true) {
    return { ok: true, status: res.status, messageId: typeof body.result?.message_id === "number" ? body.result.message_id : null, snippet };
  }
  const description = typeof body.description === "string" ? body.description : `HTTP ${res.status}`;
  const retryAfter = typeof body.parameters?.retry_after === "number" ? body.parameters.retry_after : Number(res.headers.get("retry-after")) || undefined;
  if (res.status === 429) return { ok: false, status: 429, description, snippet, retryAfter: retryAfter ?? 30, permanent: false };
  // 400 (chat not found, bad text), 401 (token), 403 (bot blocked or kicked), 404 (no such bot): a person must fix it.
  const permanent = [400, 401, 403, 404].includes(res.status);
  return { ok: false, status: res.status, description, snippet, permanent };
}
