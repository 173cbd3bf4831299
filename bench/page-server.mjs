// The real server for the page benchmarks (landing, dashboard): started on free ports with a
// throw-away DATA_DIR, building first when the build is stale, and stopped with its process group.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import https from "node:https";

import { caddyVersion, rehearsalCaddyfile } from "../scripts/rehearse/stack.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The real server (scripts/start.mjs builds first when the build is stale) on free ports with a
 * throw-away DATA_DIR; `env(origin)` adds variables (the dashboard bench's test API).
 */
export async function startServer({ env = () => ({}) } = {}) {
  const port = await freePort();
  const smtpPort = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "keyshop-bench-"));
  // scripts/start.mjs builds when the build is missing or older than the sources, then serves.
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    detached: true, // own process group, so the build and the server stop together
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DEV_SMTP_PORT: String(smtpPort),
      LOG_LEVEL: "warn",
      ...env(`http://127.0.0.1:${port}`),
    },
  });
  let output = "";
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    if (exited) throw new Error(`The server exited before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      await stopProcessGroup(child);
      throw new Error(`The server was not ready within 5 minutes:\n${output}`);
    }
    try {
      const res = await fetch(`${origin}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }

  return {
    origin,
    async stop() {
      await stopProcessGroup(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function stopProcessGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const signal = (sig) => {
    try {
      process.kill(-child.pid, sig);
    } catch {
      // already gone
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), 10_000); // open keep-alive sockets can stall close()
  await exited;
  clearTimeout(timer);
}

/**
 * The shop as deployed in front of `upstreamOrigin`: Caddy from the system's packages with
 * deploy/Caddyfile itself (as the production rehearsal rewrites it for loopback: its internal CA,
 * free ports), so a browser gets TLS and HTTP/2, the way customers reach the shop. Browsers must
 * accept Caddy's local CA (`--ignore-certificate-errors`).
 */
export async function startProxy(upstreamOrigin) {
  const version = caddyVersion(" (or --direct: Lighthouse on the Node server itself)");
  const work = mkdtempSync(path.join(os.tmpdir(), "keyshop-bench-caddy-"));
  const upstream = Number(new URL(upstreamOrigin).port);
  const ports = { apps: [upstream, upstream], http: await freePort(), https: await freePort() };
  const origin = `https://localhost:${ports.https}`;
  const caddyfile = path.join(work, "Caddyfile");
  writeFileSync(caddyfile, rehearsalCaddyfile(readFileSync(path.join(ROOT, "deploy/Caddyfile"), "utf8"), { ports }));
  const child = spawn("caddy", ["run", "--config", caddyfile, "--adapter", "caddyfile"], {
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/tmp", SITE_ADDRESS: origin, XDG_DATA_HOME: path.join(work, "data"), XDG_CONFIG_HOME: path.join(work, "config") },
  });
  let log = "";
  child.stderr.on("data", (chunk) => (log = (log + chunk).slice(-10_000)));
  // Caddy's local CA is not one this process trusts: asked only whether it answers.
  const healthy = () =>
    new Promise((resolve) => {
      https.get(`${origin}/healthz`, { rejectUnauthorized: false }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      }).on("error", () => resolve(false));
    });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Caddy exited:\n${log}`);
    if (Date.now() > deadline) {
      await stopProcessGroup(child);
      throw new Error(`Caddy was not serving ${origin} within 30 s:\n${log}`);
    }
    if (await healthy()) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    origin,
    version,
    async stop() {
      await stopProcessGroup(child);
      rmSync(work, { recursive: true, force: true });
    },
  };
}
