import { Hono } from "hono";
import nodemailer from "nodemailer";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { renderEmail } from "../../providers/email/render";
import { startSmtpReceiver, type SmtpReceiver } from "../../providers/email/smtp-receiver";
import { createTestDatabase } from "../../test/db";
import { extractLinks } from "./links";
import { createDevMailboxRoutes } from "./routes";
import type { MailboxMessage } from "./service";

const verifyUrl = "https://keyshop.test/api/auth/verify-email?token=abc123&callbackURL=%2Fdashboard";

let database: Database;
let receiver: SmtpReceiver;
let app: Hono;

/** A message as the JSON list sends it: its links as addresses, its time as an ISO string. */
type JsonMessage = Omit<MailboxMessage, "links" | "receivedAt"> & { links: string[]; receivedAt: string };

beforeAll(async () => {
  database = await createTestDatabase();
  receiver = await startSmtpReceiver({ db: database.db, port: 0, logger: pino({ level: "silent" }) });
  app = new Hono().route("/dev/mailbox", createDevMailboxRoutes({ db: database.db }));

  const smtp = nodemailer.createTransport({ host: "127.0.0.1", port: receiver.port, ignoreTLS: true, logger: false });
  const verify = await renderEmail({ template: "verify-email", props: { url: verifyUrl } });
  await smtp.sendMail({ from: "Keyshop <no-reply@keyshop.test>", to: "Reader@Example.com", ...verify });
  await smtp.sendMail({
    from: "mallory@example.com",
    to: "victim@example.com",
    subject: "<script>alert(1)</script>",
    text: "see https://evil.test/path.",
    html: `<p onclick="alert(2)">hi</p><script>alert(3)</script><a href="javascript:alert(4)">js</a>"quotes' & <b>`,
  });
});
afterAll(async () => {
  await receiver?.close();
  await database?.close();
});

describe("dev mailbox", () => {
  it("lists a received e-mail as JSON with its links, filtered by recipient", async () => {
    const res = await app.request("/dev/mailbox/messages.json?to=reader@example.com");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { messages } = (await res.json()) as { messages: JsonMessage[] };
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message).toMatchObject({ to: "reader@example.com", from: "no-reply@keyshop.test", subject: "Confirm your Keyshop e-mail" });
    expect(message.links).toEqual([verifyUrl]);
    expect(message.text).toContain(verifyUrl);
    expect(message.html).toContain("Confirm e-mail");
    expect(new Date(message.receivedAt).toISOString()).toBe(message.receivedAt);
  });

  it("lists everything newest first without a filter", async () => {
    const res = await app.request("/dev/mailbox/messages.json");
    const { messages } = (await res.json()) as { messages: JsonMessage[] };
    expect(messages.map((m) => m.to)).toEqual(["victim@example.com", "reader@example.com"]);
  });

  it("renders a page with landmarks, the message in a sandboxed frame and its links as real anchors", async () => {
    const res = await app.request("/dev/mailbox?to=READER@example.com");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const page = await res.text();
    expect(page).toContain("<h1>Dev mailbox</h1>");
    expect(page).toMatch(/<header>[\s\S]*<\/header>\s*<main>[\s\S]*<\/main>/);
    const escapedUrl = verifyUrl.replaceAll("&", "&amp;");
    expect(page).toContain(`<a href="${escapedUrl}">Confirm e-mail <small>${escapedUrl}</small></a>`);
    expect(page).toMatch(/<iframe sandbox srcdoc="&lt;!DOCTYPE html[^"]*" title="Message body: Confirm your Keyshop e-mail"/);
    expect(page).toContain('value="READER@example.com"');
    expect(page).not.toContain("victim@example.com");
  });

  it("escapes everything a message brings", async () => {
    const page = await (await app.request("/dev/mailbox")).text();
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toMatch(/href="javascript:/i); // listed links are http(s) only
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    // The hostile HTML survives only as an escaped srcdoc value.
    expect(page).toContain("&lt;p onclick=&quot;alert(2)&quot;&gt;hi&lt;/p&gt;");
    expect(page).toContain(`<a href="https://evil.test/path">https://evil.test/path</a>`);
  });
});

describe("extractLinks", () => {
  it("decodes entities, prefers anchor text as the label, and keeps http(s) links only", () => {
    const html = `<a href="https://a.test/x?a=1&amp;b=2"><span><!--[if mso]>x<![endif]--></span><span>Confirm&nbsp;e-mail</span></a>
      <a href='https://a.test/x?a=1&amp;b=2'>https://a.test/x?a=1&amp;b=2</a>
      <a href="mailto:help@a.test">Mail us</a><a href="javascript:alert(1)">x</a><a class="c" href=https://b.test/>B</a>`;
    const text = "Open https://a.test/x?a=1&b=2 or https://c.test/path, then (https://d.test/q).";
    expect(extractLinks(html, text)).toEqual([
      { href: "https://a.test/x?a=1&b=2", label: "Confirm e-mail" },
      { href: "https://b.test/", label: "B" },
      { href: "https://c.test/path", label: "https://c.test/path" },
      { href: "https://d.test/q", label: "https://d.test/q" },
    ]);
  });

  it("copes with no HTML at all", () => {
    expect(extractLinks(null, "no links here")).toEqual([]);
  });
});
