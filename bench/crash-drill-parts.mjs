// The crash drill's moving parts (bench/crash-drill.mjs): built server processes that can be
// SIGKILLed and restarted on their port, an SMTP peer per instance and a webhook receiver that
// remember when each message arrived, and the PayWay simulator (TypeScript, loaded through tsx).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import PostalMime from "postal-mime";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One `node dist/server.js` (workers on); `kill()` is SIGKILL, `start()` again keeps port and BASE_URL. */
export class DrillInstance {
  constructor(name, port, env) {
    this.name = name;
    this.port = port;
    this.env = env;
    this.url = `http://127.0.0.1:${port}`;
    this.child = undefined;
    this.kills = [];
    this.log = [];
  }

  get running() {
    return this.child !== undefined;
  }

  async start() {
    const child = spawn(process.execPath, ["dist/server.js"], {
      env: { ...this.env, PORT: String(this.port), BASE_URL: this.url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const keep = (chunk) => {
      this.log.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      if (this.log.length > 200) this.log.splice(0, this.log.length - 200);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    let gone = false;
    this.exited = new Promise((resolve) => child.once("exit", () => ((gone = true), resolve())));
    const started = Date.now();
    while (!(await fetch(`${this.url}/healthz`).then((r) => r.ok, () => false))) {
      if (gone || Date.now() - started > 60_000) throw new Error(`${this.name} did not start:\n${this.log.slice(-20).join("\n")}`);
      await sleep(100);
    }
    this.child = child;
    return Date.now() - started;
  }

  /** SIGKILL: no shutdown hook, open transactions die with their connections. */
  async kill() {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    this.kills.push(Date.now());
    child.kill("SIGKILL");
    await this.exited;
  }

  /** A graceful stop (the end of the drill). */
  async stop() {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    child.kill("SIGTERM");
    await this.exited;
  }
}

/** What a reader reads (MIME boundaries, Message-ID and Date differ per send): the peer's and the outbox's rows compare on it. */
export function mailKey(to, subject, text) {
  return createHash("sha256").update(`${to.toLowerCase()}\n${subject}\n${text.replace(/\r\n/g, "\n").trim()}`).digest("hex");
}

/** An SMTP peer for one instance (server/test/smtp-peer.ts): every message with its arrival time and what it says. */
export async function startMailPeer(port) {
  const received = [];
  const { tsImport } = await import("tsx/esm/api");
  const { startSmtpPeer } = await tsImport("../server/test/smtp-peer.ts", import.meta.url);
  const peer = await startSmtpPeer((raw, reply) => {
    const at = Date.now();
    void PostalMime.parse(raw).then((mail) => {
      const to = (mail.to ?? []).map((t) => t.address).join(",");
      received.push({ at, to, subject: mail.subject, key: mailKey(to, mail.subject, mail.text ?? "") });
      reply();
    });
  }, port);
  return { port, received, close: peer.close };
}

/** A webhook receiver answering 200: every delivery's Keyshop-Webhook-Id with its arrival time. */
export async function startWebhookReceiver(port) {
  const received = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      let type = "";
      try {
        type = JSON.parse(Buffer.concat(chunks).toString("utf8")).type ?? "";
      } catch {
        // counted all the same
      }
      received.push({ at: Date.now(), id: String(req.headers["keyshop-webhook-id"] ?? ""), type });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}/hooks`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The PayWay simulator in this process (the real wire protocol, as the server's client speaks it). */
export async function startSimulator(port, merchants) {
  const { tsImport } = await import("tsx/esm/api");
  const { startPaywaySimulator } = await tsImport("../server/providers/payway/simulator/app.ts", import.meta.url);
  return startPaywaySimulator({ merchants, port, retryDelayMs: 1000 });
}

/**
 * Duplicates beyond the at-least-once rule: a message may arrive twice only when its sender was
 * killed between handing it over and recording it (a copy arrived just before its sender's kill).
 * `killsOf(item)` gives the kill times that could explain `item`.
 */
export function duplicates(items, keyOf, killsOf, { windowMs = 5000, rowsOf = () => 1 } = {}) {
  const byKey = new Map();
  for (const item of items) byKey.set(keyOf(item), [...(byKey.get(keyOf(item)) ?? []), item]);
  let explained = 0;
  let unexplained = 0;
  const examples = [];
  for (const copies of byKey.values()) {
    // Several queued messages may read alike (two refunds of the same amount): `rowsOf` says how many were queued.
    const extra = copies.length - rowsOf(keyOf(copies[0]));
    if (extra <= 0) continue;
    const killedRightAfter = (c) => killsOf(c).filter((k) => k >= c.at && k - c.at <= windowMs).length;
    if (extra <= copies.reduce((n, c) => n + killedRightAfter(c), 0)) explained += extra;
    else {
      unexplained += extra;
      if (examples.length < 5) examples.push({ ...copies[0], copies: copies.map((c) => new Date(c.at).toISOString()) });
    }
  }
  return { distinct: byKey.size, explained, unexplained, examples };
}
