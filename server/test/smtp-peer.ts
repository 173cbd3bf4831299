// A real SMTP server for tests to deliver to: each message is handed to the test as raw text,
// and the test decides the answer (accept, a reply code, or none at all).
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type PeerReply = (error?: Error & { responseCode?: number }) => void;

export interface SmtpPeer {
  port: number;
  close(): Promise<void>;
}

/** `onMessage` must call `reply()` to accept, `reply(error)` to refuse, or leave the sender hanging. */
export async function startSmtpPeer(onMessage: (raw: string, reply: PeerReply) => void, port = 0): Promise<SmtpPeer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 1000,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => onMessage(Buffer.concat(chunks).toString("utf8"), callback));
    },
  });
  // A sender that dies mid-session resets its connection: expected in tests, nothing to report.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A peer that just collects what it receives. */
export async function startCollectingPeer(): Promise<SmtpPeer & { received: string[] }> {
  const received: string[] = [];
  const peer = await startSmtpPeer((raw, reply) => {
    received.push(raw);
    reply();
  });
  return { ...peer, received };
}
