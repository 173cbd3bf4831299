// The dev mailbox (embedded mode only): a page for people and JSON for tests, over the messages
// the local SMTP receiver stored.
import { Hono } from "hono";
import { singleLineText } from "../../../contracts/text";
import type { Db } from "../../db/client";
import { validationError } from "../../lib/errors";
import { DEV_MAILBOX_CSP, renderMailboxPage } from "./page";
import { listMailboxMessages } from "./service";

/** The `to` filter: a part of an address, checked like every other input (PostgreSQL refuses NUL). */
const ToQuery = singleLineText().max(320).optional();
function recipient(value: string | undefined): string | undefined {
  const parsed = ToQuery.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data || undefined;
}

export function createDevMailboxRoutes({ db }: { db: Db }): Hono {
  const app = new Hono();

  app.use("*", async (c, next) => {
    await next();
    // Messages carry live sign-in links and codes: never cache them.
    c.header("Cache-Control", "no-store");
  });

  app.get("/", async (c) => {
    const to = recipient(c.req.query("to"));
    const messages = await listMailboxMessages({ db, to });
    c.header("Content-Security-Policy", DEV_MAILBOX_CSP);
    return c.html(renderMailboxPage({ messages, to }));
  });

  app.get("/messages.json", async (c) => {
    const messages = await listMailboxMessages({ db, to: recipient(c.req.query("to")) });
    return c.json({
      messages: messages.map((m) => ({ ...m, links: m.links.map((link) => link.href), receivedAt: m.receivedAt.toISOString() })),
    });
  });

  return app;
}
