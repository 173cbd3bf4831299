// The Telegram simulator's page: what the seller's chat received in embedded mode, newest first,
// as a chat would show it (bold, links). Self-contained HTML, no scripts; every value escaped
// (messages are re-rendered from their parsed form: telegram-html.ts).
import { html, raw } from "hono/html";
import { devPageTime, renderDevPage } from "../../lib/dev-page";
import type { SimulatedMessage } from "./service";

export const DEV_TELEGRAM_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'self'";

const palette = `
:root { color-scheme: light dark; --bg: #e7ebf0; --card: #fff; --ink: #18181b; --muted: #52525b; --line: #d4d4d8; --accent: #2481cc; --page-width: 720px; --input-width: 160px; --button-bg: var(--accent); --button-ink: #fff; }
@media (prefers-color-scheme: dark) { :root { --bg: #0e1621; --card: #182533; --ink: #f5f5f5; --muted: #a1a1aa; --line: #2b3a4a; --accent: #6ab3f3; } }
`;

const styles = `
ol { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px; }
li { background: var(--card); border-radius: 12px 12px 12px 4px; padding: 10px 14px; max-width: 560px; box-shadow: 0 1px 1px rgb(0 0 0 / 0.08); }
.text { white-space: pre-wrap; overflow-wrap: anywhere; }
.meta { display: flex; justify-content: space-between; gap: 12px; margin-top: 4px; font-size: 12px; color: var(--muted); }
pre, code { font: 13px ui-monospace, SFMono-Regular, Menlo, monospace; }
`;

export function renderTelegramPage({ messages, chat }: { messages: SimulatedMessage[]; chat?: string }) {
  return renderDevPage({
    title: "Telegram simulator",
    intro: "What the seller's Telegram chat received in embedded mode. Nothing here left this machine.",
    palette,
    styles,
    filterField: html`<label>Chat<input name="chat" value="${chat ?? ""}" placeholder="424242" autocomplete="off"></label>`,
    scope: chat ? `in chat ${chat}` : undefined,
    count: messages.length,
    list: () => html`<ol aria-label="Messages, newest first">
    ${messages.map(
      (m) => html`<li>
      <div class="text">${raw(m.html)}</div>
      <div class="meta"><span>Chat ${m.chatId}</span><time datetime="${m.receivedAt.toISOString()}">${devPageTime(m.receivedAt)}</time></div>
    </li>`,
    )}
  </ol>`,
  });
}
