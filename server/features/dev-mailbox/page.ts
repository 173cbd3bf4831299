// The dev mailbox page: self-contained HTML, every value escaped by hono's html tag, each
// message body shown in a sandboxed iframe (no scripts, no same-origin access). A link's
// accessible name holds its label and its address, so tests find it by either.
import { html } from "hono/html";
import { devPageTime, renderDevPage } from "../../lib/dev-page";
import type { MailboxMessage } from "./service";

/** The page has no scripts at all; inline styles are needed for its <style> and the e-mails' own. */
export const DEV_MAILBOX_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data: http: https:; form-action 'self'; base-uri 'none'; frame-ancestors 'self'";

const palette = `
:root { color-scheme: light dark; --bg: #f4f4f5; --card: #fff; --ink: #18181b; --muted: #52525b; --line: #e4e4e7; --accent: #1d4ed8; --page-width: 960px; --input-width: 240px; --button-bg: var(--ink); --button-ink: var(--bg); }
@media (prefers-color-scheme: dark) { :root { --bg: #09090b; --card: #18181b; --ink: #fafafa; --muted: #a1a1aa; --line: #3f3f46; --accent: #93c5fd; } }
`;

const styles = `
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

function renderMessage(message: MailboxMessage) {
  const headingId = `message-${message.id}`;
  const subject = message.subject || "(no subject)";
  return html`<article aria-labelledby="${headingId}">
  <h2 id="${headingId}">${subject}</h2>
  <dl>
    <dt>To</dt><dd>${message.to}</dd>
    <dt>From</dt><dd>${message.from || "(unknown)"}</dd>
    <dt>Received</dt><dd><time datetime="${message.receivedAt.toISOString()}">${devPageTime(message.receivedAt)}</time></dd>
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
  return renderDevPage({
    title: "Dev mailbox",
    intro: "E-mail this server sent in embedded mode. Nothing here left this machine.",
    palette,
    styles,
    filterField: html`<label>Recipient<input type="email" name="to" value="${to ?? ""}" placeholder="user@example.com" autocomplete="off"></label>`,
    scope: to ? `for ${to}` : undefined,
    count: messages.length,
    list: () => messages.map(renderMessage),
  });
}
