// Outgoing mail always leaves over real SMTP: to SMTP_URL in production, or in embedded mode to
// the dev mailbox receiver on loopback, so development exercises the same code path.
import nodemailer from "nodemailer";
import type { Config } from "../../config";

/** What the outbox worker needs from a transport; nodemailer's transporter satisfies it. */
export interface EmailTransport {
  sendMail(message: { to: string; subject: string; html: string; text: string; headers?: Record<string, string>; signal?: AbortSignal }): Promise<{ messageId?: string }>;
}

// Well under the worker's two-minute claim, so a hung relay cannot outlive the claim and
// let a second worker send the same e-mail.
const timeouts = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 45_000 };
// Connections are kept open and reused (the worker sends several e-mails at once): one SMTP
// handshake per connection instead of one per e-mail.
const pooling = { pool: true, maxConnections: 5, maxMessages: 100 };

export function createTransport(config: Pick<Config, "smtpUrl" | "mailFrom" | "devSmtpPort">) {
  const defaults = { from: config.mailFrom };
  if (config.smtpUrl) {
    return nodemailer.createTransport({ url: config.smtpUrl, ...timeouts, ...pooling, logger: false }, defaults);
  }
  // The dev mailbox offers no STARTTLS and no AUTH on loopback.
  return nodemailer.createTransport(
    { host: "127.0.0.1", port: config.devSmtpPort, secure: false, ignoreTLS: true, ...timeouts, ...pooling, logger: false },
    defaults,
  );
}
