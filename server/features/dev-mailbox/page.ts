// The dev mailbox page: self-contained HTML, every value escaped by hono's html tag, each
// message body shown in a sandboxed iframe (no scripts, no same-origin access). A link's
// accessible name holds its label and its address, so tests find it by either.
import { html, raw } from "hono/html";
import type { MailboxMessage } from "./service";

/** The page has no scripts at all; inline styles are needed for its <style> and the e-mails' own. */
export const DEV_MAILBOX_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data: http: https:; form-action 'self'; base-uri 'none'; frame-ancestors 'self'";

const styles = `
:root { color-scheme: light dark; --bg: #f4f4f5; --card: #fff; --ink: #18181b; --muted: #52525b; --line: #e4e4e7; --accent: #1d4ed8; }
@media (prefers-color-scheme: dark) { :root { --bg: #09090b; --card: #18181b; --ink: #fafafa; --muted: #a1a1aa; --line: #3f3f46; --accent: #93c5fd; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--ink); font: 15px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
header, main { max-width: 960px; margin: 0 auto; padding: 24px 16px; }
header { display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: end; justify-content: space-between; border-bottom: 1px solid var(--line); }
h1 { margin: 0; font-size: 24px; letter-spacing: -0.02em; }
header p { margin: 4px 0 0; color: var(--muted); }
form { display: flex; gap: 8px; align-items: end; flex-wrap: wrap; }
label { display: grid; gap: 4px; font-size: 13px; color: var(--muted); }
input { font: inherit; padding: 6px 10px; border: 1px solid var(--line); border-radius: 8px; background: var(--card); color: var(--ink); min-width: 240px; }
button { font: inherit; padding: 6px 14px; border: 0; border-radius: 8px; background: var(--ink); color: var(--bg); cursor: pointer; }
a { color: var(--accent); }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.summary { color: var(--muted); margin: 0 0 16px; }
article { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 20px; margin: 0 0 20px; }
article h2 { margin: 0 0 8px; font-size: 18px; overflow-wrap: anywhere; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 12px; font-size: 14px; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
h3 { font-size: 14px; margin: 16px 0 6px; color: var(--muted); }
ul { margin: 0; padding-left: 20px; }
li { margin: 2px 0; overflow-wrap: anywhere; }
li small { display: block; color: var(--muted); }
iframe { width: 100%; height: 560px; border: 1px solid var(--line); border-radius: 8px; background: #fff; margin-top: 12px; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--bg); padding: 12px; border-radius: 8px; font-size: 13px; margin: 8px 0 0; }
summary { cursor: pointer; margin-top: 12px; color: var(--muted); }
`;

function formatTime(date: Date) {
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

function renderMessage(message: MailboxMessage) {
  const headingId = `message-${message.id}`;
  const subject = message.subject || "(no subject)";
  return html`<article aria-labelledby="${headingId}">
  <h2 id="${headingId}">${subject}</h2>
  <dl>
    <dt>To</dt><dd>${message.to}</dd>
    <dt>From</dt><dd>${message.from || "(unknown)"}</dd>
    <dt>Received</dt><dd><time datetime="${message.receivedAt.toISOString()}">${formatTime(message.receivedAt)}</time></dd>
  </dl>
  ${
    message.links.length
      ? html`<h3>Links</h3>
  <ul>
    ${message.links.map((link) => html`<li><a href="${link.href}">${link.label}${link.label === link.href ? "" : html` <small>${link.href}</small>`}</a></li>`)}
  </ul>`
      : ""
  }
  ${
    message.html
      ? html`<iframe sandbox srcdoc="${message.html}" title="${`Message body: ${subject}`}" loading="lazy"></iframe>
  <details><summary>Plain text</summary><pre>${message.text}</pre></details>`
      : html`<pre>${message.text}</pre>`
  }
</article>`;
}

export function renderMailboxPage({ messages, to }: { messages: MailboxMessage[]; to?: string }) {
  const count = `${messages.length} message${messages.length === 1 ? "" : "s"}`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Dev mailbox · Keyshop</title>
<style>${raw(styles)}</style>
</head>
<body>
<header>
  <div>
    <h1>Dev mailbox</h1>
    <p>E-mail this server sent in embedded mode. Nothing here left this machine.</p>
  </div>
  <form method="get" role="search">
    <label>Recipient<input type="email" name="to" value="${to ?? ""}" placeholder="user@example.com" autocomplete="off"></label>
    <button type="submit">Filter</button>
    ${to ? html`<a href="?">Show all</a>` : ""}
  </form>
</header>
<main>
  <p class="summary">${to ? `${count} for ${to}` : count}, newest first. <a href="">Refresh</a></p>
  ${messages.length ? messages.map(renderMessage) : html`<p>No messages yet.</p>`}
</main>
</body>
</html>`;
}
