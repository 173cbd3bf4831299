// The Kopeechka door's test world: the app over a fresh database, our SMTP receiver delivering
// letters to the inbox (as a site's mail would arrive), customers with an API key and a balance,
// and the app listening on a loopback port for client libraries that speak real HTTP.
// Not imported by production code.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { expect } from "vitest";
import { apiKeys } from "../../db/schema";
import { createLogger } from "../../lib/logger";
import { startSmtpReceiver } from "../../providers/email/smtp-receiver";
import { createTestContext, type TestContext } from "../../test/harness";
import { changeBalance, ensureApiKey, revealApiKey } from "../balance/service";
import { recordMailArrival } from "./service";

export type KopeechkaAnswer = Record<string, unknown> & { status: "OK" | "ERROR"; value?: string };

export async function startKopeechkaWorld(env: Record<string, string> = {}) {
  const t: TestContext = await createTestContext(env);
  const receiver = await startSmtpReceiver({
    db: t.database.db,
    port: 0,
    logger: createLogger("silent"),
    onStored: (messages) => messages.forEach((m) => void recordMailArrival(t.otpMail, m.toAddress)),
  });
  let server: ReturnType<typeof serve> | undefined;

  async function customer(mills: number) {
    const u = await t.signedInUser();
    const key = await ensureApiKey({ db: t.database.db, secret: t.config.authSecret, userId: u.id });
    if (mills) await t.database.db.transaction((tx) => changeBalance(tx, { apiKeyId: key.id, deltaMills: mills, reason: "topup", reference: "seed" }));
    const token = revealApiKey(t.config.authSecret, key);
    /** A Kopeechka call: GET /compat/kopeechka/<method>?token=…&api=2.0&… (no cookie, no header). */
    const call = async (method: string, params: Record<string, string> = {}, asToken = token) => {
      const query = new URLSearchParams({ token: asToken, api: "2.0", type: "JSON", ...params });
      const res = await t.client().request(`/compat/kopeechka/${method}?${query}`);
      expect(res.status).toBe(200);
      return (await res.json()) as KopeechkaAnswer;
    };
    return { ...u, keyId: key.id, token, call };
  }

  async function balanceOf(keyId: string) {
    const [row] = await t.database.db.select({ b: apiKeys.balanceMills }).from(apiKeys).where(eq(apiKeys.id, keyId));
    return row!.b;
  }

  /** A letter from Facebook's mail servers to `to`, through our SMTP receiver. */
  function sendMail(to: string, subject: string, html?: string, text = "See the subject.") {
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: receiver.port, secure: false, ignoreTLS: true });
    return transport.sendMail({ from: "Facebook <security@facebookmail.com>", to, subject, text, html });
  }

  /** The app on a loopback port (for clients that make real HTTP requests); its base URL. */
  async function listen(): Promise<string> {
    const started = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
    });
    server = started;
    return `http://127.0.0.1:${(started.address() as AddressInfo).port}`;
  }

  async function close() {
    // The npm client keeps its connections alive: they are closed, or close() would wait for them.
    if (server) await new Promise<void>((resolve) => (server!.close(() => resolve()), (server as Server).closeAllConnections()));
    await receiver.close();
    await t.close();
  }

  return { t, customer, balanceOf, sendMail, listen, close };
}
