// Sends one webhook: a POST of the signed JSON body over node:http(s), connecting only to
// addresses the guard allowed (address-guard.ts: the check is the connection's own lookup),
// without following redirects, aborted after the timeout, reading at most a few KiB of the answer
// and keeping a short snippet of it.
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { AddressRefused, guardedLookup, resolveAllowed, urlProblem, type AddressPolicy, type Resolver } from "./address-guard";

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const SNIPPET_CHARS = 500;
const READ_BYTES = 4096;

export interface WebhookAnswer {
  status: number;
  snippet: string;
  durationMs: number;
}

/** A delivery that got no HTTP answer (refused address, DNS, connection, timeout). */
export class WebhookSendError extends Error {
  constructor(
    message: string,
    readonly refused = false,
  ) {
    super(message);
    this.name = "WebhookSendError";
  }
}

export async function postWebhook(input: {
  url: string;
  body: string;
  headers: Record<string, string>;
  policy: AddressPolicy;
  resolver: Resolver;
  timeoutMs?: number;
}): Promise<WebhookAnswer> {
  const problem = urlProblem(input.url, input.policy);
  if (problem) throw new WebhookSendError(`refused: ${problem}`, true);
  const url = new URL(input.url);
  // An address literal skips the connection's lookup: check it here.
  if (/^\[|^\d+\.\d+\.\d+\.\d+$/.test(url.hostname)) {
    await resolveAllowed(url.hostname, input.policy, input.resolver).catch((err: Error) => {
      throw new WebhookSendError(`refused: ${err.message}`, true);
    });
  }
  const started = performance.now();
  const timeoutMs = input.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<WebhookAnswer>((resolve, reject) => {
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(err);
    };
    const req = request(
      url,
      {
        method: "POST",
        // A fresh connection per delivery: every one is looked up (and checked) again.
        agent: false,
        lookup: guardedLookup(input.policy, input.resolver),
        headers: { "content-type": "application/json", "user-agent": "Keyshop-Webhooks/1.0", "content-length": Buffer.byteLength(input.body), ...input.headers },
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          const snippet = Buffer.concat(chunks).toString("utf8").replace(/\uFFFD+$/, "").slice(0, SNIPPET_CHARS);
          resolve({ status: res.statusCode ?? 0, snippet, durationMs: Math.round(performance.now() - started) });
          res.destroy();
        };
        res.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          // Enough for a snippet: the rest of the answer is not read.
          if (size >= READ_BYTES) finish();
        });
        res.on("end", finish);
        res.on("error", () => finish());
      },
    );
    const timer = setTimeout(() => fail(new WebhookSendError(`no answer within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (err instanceof AddressRefused) return fail(new WebhookSendError(`refused: ${err.message}`, true));
      fail(new WebhookSendError([err.code, err.message].filter(Boolean).join(" ").slice(0, 300)));
    });
    req.end(input.body);
  });
}
