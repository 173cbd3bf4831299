// The real server as a child process, for the suites that run it that way (production.test.ts,
// crash.test.ts): waiting for it, its output, a production-mode process in the network jail, an
// instance that is killed and restarted, and what a browser keeps of its cookies.
import { type ChildProcess, spawn } from "node:child_process";
import { type AddressInfo, createServer as createNetServer, type Server as NetServer } from "node:net";
import { fileURLToPath } from "node:url";
import { JAIL_PREFIX, type JailReport } from "./network-jail";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor<T>(what: string, deadlineMs: number, check: () => Promise<T | undefined | false> | T | undefined | false, everyMs = 200): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** A command's exit code and output (without blocking this process's servers meanwhile). */
export function run(command: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, output }));
  });
}

/** A loopback listener that only counts who connects (a webhook target that must never be reached). */
export async function startTrap(host: "127.0.0.1" | "::1") {
  const trap = { host, port: 0, connections: 0, server: undefined as unknown as NetServer };
  trap.server = createNetServer((socket) => {
    trap.connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => trap.server.listen(0, host, resolve));
  trap.port = (trap.server.address() as AddressInfo).port;
  return trap;
}

/** One server process in production mode; its output is kept (the jail's reports come on stderr). */
export class ProductionServer {
  readonly log: string[] = [];
  readonly jail: JailReport[] = [];
  private child: ChildProcess | undefined;
  exited: Promise<number | null> = Promise.resolve(null);

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
  tail() {
    return this.log.slice(-40).join("\n");
  }

  spawn() {
    const child = spawn(process.execPath, ["--import", "tsx", "--import", "./server/test/network-jail.ts", "server/main.ts"], {
      cwd: ROOT,
      env: { ...this.env, PORT: String(this.port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
    const capture = (chunk: Buffer) => {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) {
        if (line.startsWith(JAIL_PREFIX)) this.jail.push(JSON.parse(line.slice(JAIL_PREFIX.length)) as JailReport);
        else this.log.push(line);
      }
      if (this.log.length > 500) this.log.splice(0, this.log.length - 500);
    };
    child.stdout!.on("data", capture);
    child.stderr!.on("data", capture);
    return child;
  }

  async start() {
    let gone = false;
    this.spawn();
    void this.exited.then(() => (gone = true));
    await waitFor("the production server to listen", 45_000, async () => {
      if (gone) throw new Error(`the production server exited while starting:\n${this.tail()}`);
      return fetch(`${this.url}/healthz`).then((res) => res.ok, () => false);
    });
  }

  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    child.kill("SIGTERM");
    await Promise.race([this.exited, sleep(10_000).then(() => child.kill("SIGKILL"))]);
  }
}

/** Cookies as a browser on https://shop.test keeps them (name → value). */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const cleared = value === "" || /;\s*max-age=(0|-\d+)/i.test(line);
      if (cleared) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** A Set-Cookie line's attributes, lower-cased names (`secure`, `httponly`, `samesite`…). */
export function cookieAttributes(line: string) {
  const [pair, ...rest] = line.split(";");
  const attributes = Object.fromEntries(
    rest.map((a) => {
      const [k, ...v] = a.trim().split("=");
      return [k!.toLowerCase(), v.join("=")];
    }),
  );
  return { name: pair!.slice(0, pair!.indexOf("=")).trim(), attributes };
}

/** One server process; restarts keep its port and BASE_URL, as a supervisor would. */
export class Instance {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private readonly log: string[] = [];
  kills = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
  get running() {
    return this.child !== undefined;
  }
  tail() {
    return this.log.slice(-30).join("\n");
  }

  async start() {
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: ROOT,
      env: { ...this.env, PORT: String(this.port), BASE_URL: this.url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    let gone = false;
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
    void this.exited.then(() => (gone = true));
    const capture = (chunk: Buffer) => {
      this.log.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      if (this.log.length > 300) this.log.splice(0, this.log.length - 300);
    };
    child.stdout!.on("data", capture);
    child.stderr!.on("data", capture);
    // The server listens only once migrations ran and its workers started (server/server.ts).
    await waitFor(`${this.name} to listen`, 30_000, async () => {
      if (gone) throw new Error(`${this.name} exited while starting:\n${this.tail()}`);
      return fetch(`${this.url}/healthz`).then((res) => res.ok, () => false);
    }, 100).catch((err: Error) => {
      throw new Error(`${err.message}\n${this.tail()}`);
    });
  }

  /** SIGKILL: no shutdown hook runs, open transactions die with the connections. */
  async kill() {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    this.kills++;
    child.kill("SIGKILL");
    await this.exited;
  }
}
