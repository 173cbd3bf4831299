// Ed25519 signatures on a thread of their own, so the event loop does not wait for them.
//
// Signing was the largest piece of a licence answer's time on the event loop (22% of the server's
// time under load, libsodium already: docs/benchmarks.md, decision 083). The texts to sign in one
// turn of the event loop go to the thread as one message after the turn's I/O (turn-batch.ts), and
// come back as one message; the event loop serves other requests meanwhile. Ed25519 is
// deterministic: the thread's signatures are the very bytes the event loop's would be (tested).
// When the thread cannot start, or stops, the event loop signs itself: an answer is never lost.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { createTurnBatch } from "./turn-batch";

/** Signs bytes on the event loop: the fallback, and what the thread's signatures must equal. */
export type SignNow = (message: Buffer) => Buffer;

interface Job {
  handle: number;
  text: string;
  resolve: (signature: string) => void;
}

// Plain JavaScript (no bundling step): the thread loads libsodium from the path the server resolved.
const THREAD_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const sodium = require(workerData.sodiumPath);
const keys = new Map();
const signature = Buffer.alloc(sodium.crypto_sign_BYTES);
parentPort.on("message", (m) => {
  if (m.type === "key") return void keys.set(m.handle, Buffer.from(m.secretKey));
  const signatures = m.texts.map((text, i) => {
    sodium.crypto_sign_detached(signature, Buffer.from(text), keys.get(m.handles[i]));
    return signature.toString("base64");
  });
  parentPort.postMessage({ id: m.id, signatures });
});`;

function sodiumPath(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve("sodium-native");
  } catch {
    return undefined;
  }
}

/**
 * A batch this full goes at once, even with another at the thread: the thread signs the first
 * texts of a busy turn while the event loop is still reading its last requests (measured: 10,500
 * → 12,000–12,500 answers a second against one batch per turn; docs/benchmarks.md).
 */
const FULL_BATCH = 16;

export class SigningThread {
  private worker: Worker | undefined;
  private readonly fallback = new Map<number, SignNow>();
  private readonly inFlight = new Map<number, Job[]>();
  private waiting: Job[] = [];
  private nextHandle = 1;
  private nextBatch = 1;
  private readonly later = createTurnBatch((err) => this.onError(err));

  private constructor(
    worker: Worker | undefined,
    private readonly onError: (err: unknown) => void,
  ) {
    this.worker = worker;
    if (!worker) return;
    worker.unref(); // never what keeps the process running
    worker.on("message", (m: { id: number; signatures: string[] }) => {
      const jobs = this.inFlight.get(m.id);
      this.inFlight.delete(m.id);
      jobs?.forEach((job, i) => job.resolve(m.signatures[i]!));
      // What came in while the thread was busy goes now, as one batch.
      if (this.waiting.length) this.send();
    });
    worker.on("error", (err) => this.onError(err));
    worker.on("exit", () => this.signHere());
  }

  /** Starts the thread; without libsodium (or `threaded: false`) every signature is made on the event loop. */
  static start({ threaded = true, onError = () => {} }: { threaded?: boolean; onError?: (err: unknown) => void } = {}): SigningThread {
    const path = threaded ? sodiumPath() : undefined;
    let worker: Worker | undefined;
    try {
      worker = path ? new Worker(THREAD_SOURCE, { eval: true, workerData: { sodiumPath: path } }) : undefined;
    } catch (err) {
      onError(err);
    }
    return new SigningThread(worker, onError);
  }

  /** Whether signatures are being made on the thread (false: on the event loop). */
  get threaded(): boolean {
    return this.worker !== undefined;
  }

  /**
   * A key the thread may sign with: libsodium's 64-byte secret key (seed, then public key), and
   * the same key's signer on the event loop for when the thread is gone. Returns its handle.
   */
  addKey(secretKey: Buffer, signNow: SignNow): number {
    const handle = this.nextHandle++;
    this.fallback.set(handle, signNow);
    this.worker?.postMessage({ type: "key", handle, secretKey: Uint8Array.from(secretKey) });
    return handle;
  }

  /**
   * The key's signature over the text's UTF-8 bytes, base64. Texts wait for the end of the turn,
   * or, while the thread is busy, for its answer, and go together: a message costs the event loop
   * far more than a text in it (it wakes the thread), so under load batches grow rather than
   * messages; only a full batch (FULL_BATCH) goes at once.
   */
  sign(handle: number, text: string): Promise<string> {
    if (!this.worker) return Promise.resolve(this.signNow(handle, text));
    return new Promise((resolve) => {
      this.waiting.push({ handle, text, resolve });
      if (this.waiting.length === 1 && this.inFlight.size === 0) this.later(() => this.send());
      else if (this.waiting.length >= FULL_BATCH) this.send(true);
    });
  }

  /** Stops the thread; what it still had is signed here. */
  async close() {
    const worker = this.worker;
    this.signHere();
    await worker?.terminate();
  }

  private send(full = false) {
    if ((this.inFlight.size > 0 && !full) || !this.waiting.length) return; // the thread's answer sends the rest
    const jobs = this.waiting;
    this.waiting = [];
    if (!this.worker) return jobs.forEach((job) => job.resolve(this.signNow(job.handle, job.text)));
    const id = this.nextBatch++;
    this.inFlight.set(id, jobs);
    this.worker.postMessage({ type: "batch", id, handles: jobs.map((j) => j.handle), texts: jobs.map((j) => j.text) });
  }

  /** The thread is gone: everything it had, and everything from now on, is signed on the event loop. */
  private signHere() {
    this.worker = undefined;
    const jobs = [...this.inFlight.values()].flat().concat(this.waiting);
    this.inFlight.clear();
    this.waiting = [];
    for (const job of jobs) job.resolve(this.signNow(job.handle, job.text));
  }

  private signNow(handle: number, text: string): string {
    return this.fallback.get(handle)!(Buffer.from(text)).toString("base64");
  }
}
