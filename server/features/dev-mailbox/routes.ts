// The dev mailbox (embedded mode only): a page for people and JSON for tests, over the messages
// the local SMTP receiver stored.
import { Hono } from "hono";
import type { Db } from "../../db/client";
import { DEV_MAILBOX_CSP, renderMailboxPage } from "./page";
import { listMailboxMessages } from "./service";

export function createDevMailboxRoutes({ db }: { db: Db }): Hono {
  const app = new Hono();

  app.use("*", async (c, next) => {
    await next();
    // Messages carry live sign-in links and codes: never cache them.
    c.header("Cache-Control", "no-store");
  });

  app.get("/", async (c) => {
    const to = c.req.query("to")?.trim() || undefined;
    const messages = await listMailboxMessages({ db, to });
    c.header("Content-Security-Policy", DEV_MAILBOX_CSP);
    return c.html(renderMailboxPage({ messages, to }));
  });

  app.get("/messages.json", async (c) => {
    const messages = await listMailboxMessages({ db, to: c.req.query("to") || undefined });
    return c.json({
      messages: messages.map((m) => ({ ...m, links: m.links.map((link) => link.href), receivedAt: m.receivedAt.toISOString() })),
    });
  });

  return app;
}
