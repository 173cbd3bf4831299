// A local HTTP endpoint for tests: records every request (raw body, headers) and answers as the
// test decides (status, body, a delay), request by request.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Answer = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number };

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Replaces how requests are answered (n counts from 1). */
  answer(fn: (n: number, req: Received) => Answer): void;
  close(): Promise<void>;
}

export async function startReceiver(answer: (n: number, req: Received) => Answer = () => ({ status: 204 })): Promise<Receiver> {
  const received: Received[] = [];
  let decide = answer;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const entry = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(entry);
      const a = decide(received.length, entry);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(a.status, { "content-type": "application/json", ...a.headers });
        res.end(a.body ?? "");
      };
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    answer: (fn) => (decide = fn),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
