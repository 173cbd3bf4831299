// A small SMTP server that stores what it receives: the dev mailbox in embedded mode, and the
// local inbox behind the OTP mail feature. One inbound_messages row per envelope recipient.
import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import type { Logger } from "pino";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import type { Db } from "../../db/client";
import { inboundMessages } from "../../db/schema";

export interface SmtpReceiverOptions {
  db: Db;
  port: number;
  host?: string;
  logger: Logger;
  maxBytes?: number;
  /** Called after a message is stored, e.g. to notify listeners waiting for a code. */
  onStored?: (messages: Array<{ id: string; toAddress: string }>) => void;
  /** Recipients to accept (default: all, the dev mailbox); others are refused with 550. */
  acceptRecipient?: (address: string) => boolean;
}

export interface SmtpReceiver {
  port: number;
  close(): Promise<void>;
}

function smtpError(message: string, responseCode: number) {
  return Object.assign(new Error(message), { responseCode });
}

/** Reads the message, keeping at most maxBytes in memory; smtp-server flags larger ones. */
async function readMessage(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= maxBytes) chunks.push(chunk);
  }
  return stream.sizeExceeded || size > maxBytes ? undefined : Buffer.concat(chunks);
}

export async function storeMessage(db: Db, raw: Buffer, session: Pick<SMTPServerSession, "envelope">) {
  const email = await PostalMime.parse(raw);
  const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
  const fromAddress = email.from && "address" in email.from && email.from.address ? email.from.address : envelopeFrom;
  const recipients = [...new Set(session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()))];
  return db
    .insert(inboundMessages)
    .values(
      recipients.map((toAddress) => ({
        toAddress,
        fromAddress,
        subject: email.subject ?? "",
        text: email.text ?? "",
        html: email.html ?? null,
        messageId: email.messageId ?? null,
      })),
    )
    .returning({ id: inboundMessages.id, toAddress: inboundMessages.toAddress });
}

export async function startSmtpReceiver({
  db,
  port,
  host = "127.0.0.1",
  logger,
  maxBytes = 10 * 1024 * 1024,
  onStored,
  acceptRecipient,
}: SmtpReceiverOptions): Promise<SmtpReceiver> {
  const log = logger.child({ component: "smtp-receiver" });
  const server = new SMTPServer({
    name: "keyshop.local",
    banner: "Keyshop mailbox",
    authOptional: true,
    // Loopback only: no TLS or AUTH to offer, and advertising them would only confuse clients.
    disabledCommands: ["STARTTLS", "AUTH"],
    size: maxBytes,
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 3000,
    onRcptTo(address, _session, callback) {
      if (acceptRecipient && !acceptRecipient(address.address.toLowerCase())) {
        return callback(smtpError(`No mailbox here for ${address.address}`, 550));
      }
      callback();
    },
    onData(stream, session, callback) {
      readMessage(stream, maxBytes)
        .then(async (raw) => {
          if (!raw) return callback(smtpError(`Message exceeds the maximum size of ${maxBytes} bytes`, 552));
          const stored = await storeMessage(db, raw, session);
          // Addresses only: the content may carry one-time codes.
          log.debug({ recipients: stored.length }, "message received");
          callback();
          try {
            onStored?.(stored);
          } catch (err) {
            log.error({ err }, "onStored listener failed");
          }
        })
        .catch((err) => {
          log.error({ err }, "could not store a received message");
          // 451: the sender keeps the message and tries again later.
          callback(smtpError("Temporary failure storing the message, try again later", 451));
        });
    },
  });
  server.on("error", (err) => log.warn({ err }, "SMTP session error"));

  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.server.once("error", onError);
    server.listen(port, host, () => {
      server.server.off("error", onError);
      resolve();
    });
  });
  const address = server.server.address() as AddressInfo;

  return {
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
