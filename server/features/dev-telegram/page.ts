// The Telegram simulator's page: what the seller's chat received in embedded mode, newest first,
// as a chat would show it (bold, links). Self-contained HTML, no scripts; every value escaped
// (messages are re-rendered from their parsed form: telegram-html.ts).
import { html, raw } from "hono/html";
import type { SimulatedMessage } from "./service";

export const DEV_TELEGRAM_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'self'";

const styles = `
:root { color-scheme: light dark; --bg: #e7ebf0; --card: #fff; --ink: #18181b; --muted: #52525b; --line: #d4d4d8; --accent: #2481cc; }
@media (prefers-color-scheme: dark) { :root { --bg: #0e1621; --card: #182533; --ink: #f5f5f5; --muted: #a1a1aa; --line: #2b3a4a; --accent: #6ab3f3; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--ink); font: 15px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
header, main { max-width: 720px; margin: 0 auto; padding: 24px 16px; }
header { display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: end; justify-content: space-between; border-bottom: 1px solid var(--line); }
h1 { margin: 0; font-size: 24px; letter-spacing: -0.02em; }
header p { margin: 4px 0 0; color: var(--muted); }
form { display: flex; gap: 8px; align-items: end; flex-wrap: wrap; }
label { display: grid; gap: 4px; font-size: 13px; color: var(--muted); }
input { font: inherit; padding: 6px 10px; border: 1px solid var(--line); border-radius: 8px; background: var(--card); color: var(--ink); min-width: 160px; }
button { font: inherit; padding: 6px 14px; border: 0; border-radius: 8px; background: var(--accent); color: #fff; cursor: pointer; }
a { color: var(--accent); }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.summary { color: var(--muted); margin: 0 0 16px; }
ol { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px; }
li { background: var(--card); border-radius: 12px 12px 12px 4px; padding: 10px 14px; max-width: 560px; box-shadow: 0 1px 1px rgb(0 0 0 / 0.08); }
.text { white-space: pre-wrap; overflow-wrap: anywhere; }
.meta { display: flex; justify-content: space-between; gap: 12px; margin-top: 4px; font-size: 12px; color: var(--muted); }
pre, code { font: 13px ui-monospace, SFMono-Regular, Menlo, monospace; }
`;

const time = (date: Date) => `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;

export function renderTelegramPage({ messages, chat }: { messages: SimulatedMessage[]; chat?: string }) {
  const count = `${messages.length} message${messages.length === 1 ? "" : "s"}`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Telegram simulator · Keyshop</title>
<style>${raw(styles)}</style>
</head>
<body>
<header>
  <div>
    <h1>Telegram simulator</h1>
    <p>What the seller's Telegram chat received in embedded mode. Nothing here left this machine.</p>
  </div>
  <form method="get" role="search">
    <label>Chat<input name="chat" value="${chat ?? ""}" placeholder="424242" autocomplete="off"></label>
    <button type="submit">Filter</button>
    ${chat ? html`<a href="?">Show all</a>` : ""}
  </form>
</header>
<main>
  <p class="summary">${chat ? `${count} in chat ${chat}` : count}, newest first. <a href="">Refresh</a></p>
  ${
    messages.length
      ? html`<ol aria-label="Messages, newest first">
    ${messages.map(
      (m) => html`<li>
      <div class="text">${raw(m.html)}</div>
      <div class="meta"><span>Chat ${m.chatId}</span><time datetime="${m.receivedAt.toISOString()}">${time(m.receivedAt)}</time></div>
    </li>`,
    )}
  </ol>`
      : html`<p>No messages yet.</p>`
  }
</main>
</body>
</html>`;
}
