// The frame of embedded mode's own pages (the dev mailbox, the Telegram simulator): self-contained
// HTML without scripts, every value escaped by hono's html tag. A page brings its palette, its
// filter's field and its list of messages, newest first.
import { html, raw } from "hono/html";

/** The frame's rules; a page's palette sets the custom properties they read. */
const frameStyles = `
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--ink); font: 15px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
header, main { max-width: var(--page-width); margin: 0 auto; padding: 24px 16px; }
header { display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: end; justify-content: space-between; border-bottom: 1px solid var(--line); }
h1 { margin: 0; font-size: 24px; letter-spacing: -0.02em; }
header p { margin: 4px 0 0; color: var(--muted); }
form { display: flex; gap: 8px; align-items: end; flex-wrap: wrap; }
label { display: grid; gap: 4px; font-size: 13px; color: var(--muted); }
input { font: inherit; padding: 6px 10px; border: 1px solid var(--line); border-radius: 8px; background: var(--card); color: var(--ink); min-width: var(--input-width); }
button { font: inherit; padding: 6px 14px; border: 0; border-radius: 8px; background: var(--button-bg); color: var(--button-ink); cursor: pointer; }
a { color: var(--accent); }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.summary { color: var(--muted); margin: 0 0 16px; }
`;

/** A time as these pages show it: `2026-01-02 03:04:05 UTC`. */
export const devPageTime = (date: Date) => `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;

export interface DevPage {
  /** The page's name, its heading and its title. */
  title: string;
  /** One sentence under the heading. */
  intro: string;
  /**
   * `:root` custom properties, light and dark: --bg, --card, --ink, --muted, --line, --accent,
   * --page-width, --input-width, --button-bg, --button-ink.
   */
  palette: string;
  /** The page's own rules, after the frame's. */
  styles: string;
  /** The filter form's field (a label around its input). */
  filterField: unknown;
  /** What the filter narrows the list to ("for a@example.com"); unset when it shows all. */
  scope?: string;
  count: number;
  /** The messages, shown when there are any. */
  list: () => unknown;
}

export function renderDevPage(page: DevPage) {
  const count = `${page.count} message${page.count === 1 ? "" : "s"}`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${page.title} · Keyshop</title>
<style>${raw(page.palette + frameStyles + page.styles)}</style>
</head>
<body>
<header>
  <div>
    <h1>${page.title}</h1>
    <p>${page.intro}</p>
  </div>
  <form method="get" role="search">
    ${page.filterField}
    <button type="submit">Filter</button>
    ${page.scope ? html`<a href="?">Show all</a>` : ""}
  </form>
</header>
<main>
  <p class="summary">${page.scope ? `${count} ${page.scope}` : count}, newest first. <a href="">Refresh</a></p>
  ${page.count ? page.list() : html`<p>No messages yet.</p>`}
</main>
</body>
</html>`;
}
