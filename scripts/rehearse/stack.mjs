// The rehearsal's production stack (npm run rehearse): a throw-away PostgreSQL database, the mail
// sink, the PayWay simulator at its own https address, two shop instances with NODE_ENV=production
// and Caddy from the system's packages in front of them, with deploy/Caddyfile itself (only the
// upstream addresses and `tls internal` differ from compose.yaml's proxy). Everything listens on
// loopback, on ports from `base` (3400 unless REHEARSE_PORT_BASE says otherwise).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createWriteStream, existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createBenchDatabase } from "../../bench/lib.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitUntil(what, timeoutMs, check, everyMs = 150) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** Ports: the proxy's https and http, the two instances, their inbound SMTP, the mail sink, PayWay. */
export function portsFrom(base) {
  return { https: base + 43, http: base + 80, apps: [base + 1, base + 2], inbound: [base + 11, base + 12], sink: [base + 21, base + 22], payway: base + 30 };
}

/** A child process whose output goes to `<work>/<name>.log`; `exited` settles when it ends. */
function launch(work, name, command, args, env) {
  const log = path.join(work, `${name}.log`);
  const out = createWriteStream(log, { flags: "a" });
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const proc = { name, child, log, pid: child.pid, alive: true };
  proc.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  void proc.exited.then(() => (proc.alive = false));
  proc.tail = (lines = 25) => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").slice(-lines).join("\n") : "");
  return proc;
}

async function listening(proc, what, timeoutMs, check) {
  await waitUntil(what, timeoutMs, async () => {
    if (!proc.alive) throw new Error(`${proc.name} exited while starting:\n${proc.tail()}`);
    return check();
  }).catch((err) => {
    if (proc.alive) throw new Error(`${err.message}\n--- ${proc.name}'s log\n${proc.tail()}`);
    throw new Error(`${proc.name} exited while starting:\n${proc.tail()}`);
  });
}

/** The installed Caddy's version; a clear error when there is none (`hint`: what else the caller could do). */
export function caddyVersion(hint = "") {
  const r = spawnSync("caddy", ["version"], { encoding: "utf8" });
  if (r.error || r.status !== 0) throw new Error(`Caddy is not installed: apt-get install -y caddy (Debian's package, run as a plain process)${hint}`);
  return r.stdout.trim().split(" ")[0];
}

/** deploy/Caddyfile for loopback: the instances' addresses, Caddy's internal CA, our ports and data dir. */
export function rehearsalCaddyfile(deployCaddyfile, { ports }) {
  const [a, b] = ports.apps;
  const site = deployCaddyfile
    .replaceAll("app1:3000", `127.0.0.1:${a}`)
    .replaceAll("app2:3000", `127.0.0.1:${b}`)
    .replace(/^\{\$SITE_ADDRESS\} \{$/m, `{$SITE_ADDRESS} {\n\ttls internal`);
  if (!site.includes("tls internal") || site.includes("app1:")) throw new Error("deploy/Caddyfile no longer has the shape the rehearsal rewrites");
  const global = ["{", "\tadmin off", "\tskip_install_trust", `\thttp_port ${ports.http}`, `\thttps_port ${ports.https}`, "}", ""].join("\n");
  return `${global}${site}`;
}

/** Fills `stack` as it goes, so that stopStack(stack) ends whatever had started when a step fails. */
export async function startStack(stack, { root, work, base }) {
  const ports = portsFrom(base);
  const origin = `https://localhost:${ports.https}`;
  const procs = [];
  Object.assign(stack, { ports, origin, procs, work, mailFile: path.join(work, "mail.jsonl") });
  const nodeEnv = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/tmp" };

  // PostgreSQL: one fresh database, dropped at the end (on BENCH_DATABASE_URL's server, as the benchmarks).
  const database = await createBenchDatabase("keyshop_rehearse");
  stack.databaseUrl = database.url;
  stack.dropDatabase = database.drop;

  writeFileSync(stack.mailFile, "");
  const sink = launch(work, "mail-sink", process.execPath, [path.join(root, "scripts/rehearse/mail-sink.mjs"), stack.mailFile, ...ports.sink.map(String)], nodeEnv);
  procs.push(sink);

  // Caddy: the deploy Caddyfile; its internal CA (root certificate under its data dir) signs localhost.
  const caddyfile = path.join(work, "Caddyfile");
  writeFileSync(caddyfile, rehearsalCaddyfile(readFileSync(path.join(root, "deploy/Caddyfile"), "utf8"), { ports }));
  const caddy = launch(work, "caddy", "caddy", ["run", "--config", caddyfile, "--adapter", "caddyfile"], {
    ...nodeEnv,
    SITE_ADDRESS: origin,
    XDG_DATA_HOME: path.join(work, "caddy-data"),
    XDG_CONFIG_HOME: path.join(work, "caddy-config"),
  });
  procs.push(caddy);
  const rootCa = path.join(work, "caddy-data/caddy/pki/authorities/local/root.crt");
  await listening(caddy, "Caddy's internal root CA", 20_000, () => existsSync(rootCa));
  stack.caddyRootCa = rootCa;

  // PayWay: its own TLS certificate (127.0.0.1), its own RSA key pair (the merchant's public half for refunds).
  const simKey = path.join(work, "payway-key.pem");
  const simCert = path.join(work, "payway-cert.pem");
  execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=payway.rehearsal", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", simKey, "-out", simCert], { stdio: "ignore" });
  const rsa = generateKeyPairSync("rsa", { modulusLength: 1024, publicKeyEncoding: { type: "spki", format: "pem" }, privateKeyEncoding: { type: "pkcs8", format: "pem" } });
  writeFileSync(path.join(work, "payway-rsa.pem"), rsa.privateKey);
  const merchant = { id: "ec000rehearse", apiKey: randomBytes(24).toString("hex") };
  stack.paywayUrl = `https://127.0.0.1:${ports.payway}`;
  stack.paywayCa = simCert;
  const payway = launch(work, "payway", process.execPath, ["--import", "tsx", path.join(root, "scripts/rehearse/payway-sim.ts")], {
    ...nodeEnv,
    SIM_PORT: String(ports.payway),
    SIM_MERCHANT_ID: merchant.id,
    SIM_API_KEY: merchant.apiKey,
    SIM_RETURN_HOST: "localhost",
    SIM_RSA_PRIVATE_KEY_FILE: path.join(work, "payway-rsa.pem"),
    SIM_TLS_KEY_FILE: simKey,
    SIM_TLS_CERT_FILE: simCert,
    // Its callbacks go to the shop's public address, through Caddy.
    NODE_EXTRA_CA_CERTS: rootCa,
  });
  procs.push(payway);
  await listening(sink, "the mail sink", 10_000, () => readFileSync(sink.log, "utf8").split("listening").length > ports.sink.length);
  await listening(payway, "the PayWay simulator", 30_000, () => readFileSync(payway.log, "utf8").includes("listening"));

  // The shop: two production instances on one database, as compose.yaml runs them.
  const appEnv = {
    ...nodeEnv,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    BASE_URL: origin,
    TRUST_PROXY: "on",
    DATABASE_URL: stack.databaseUrl,
    AUTH_SECRET: randomBytes(36).toString("base64url"),
    MAIL_FROM: "Keyshop <no-reply@rehearsal.keyshop.test>",
    PAYWAY_BASE_URL: stack.paywayUrl,
    PAYWAY_MERCHANT_ID: merchant.id,
    PAYWAY_API_KEY: merchant.apiKey,
    PAYWAY_RSA_PUBLIC_KEY: rsa.publicKey.trim().replace(/\n/g, "\\n"),
    PAYWAY_PLUGIN_URL: `${stack.paywayUrl}/plugins/checkout2-0.js`,
    PAYWAY_CALLBACK_SIGNATURE: "required",
    INBOUND_SMTP_HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    DATA_DIR: path.join(work, "data"),
    BACKUP_DIR: path.join(work, "backups"),
    STATIC_DIR: path.join(root, "build/client"),
    // The shop calls PayWay (check-transaction, refunds) over https: trust its certificate.
    NODE_EXTRA_CA_CERTS: simCert,
  };
  stack.appEnv = appEnv;
  /** Instance `i` (A, B) started, as a supervisor would start it again after a crash; resolves once it is ready. */
  stack.startInstance = async (i) => {
    const name = "AB"[i];
    const proc = launch(work, `instance-${name}`, process.execPath, ["--enable-source-maps", path.join(root, "dist/server.js")], {
      ...appEnv,
      PORT: String(ports.apps[i]),
      SMTP_URL: `smtp://127.0.0.1:${ports.sink[i]}`,
      INBOUND_SMTP_PORT: String(ports.inbound[i]),
    });
    procs.push(proc);
    const inst = Object.assign(proc, { label: name, port: ports.apps[i], inboundPort: ports.inbound[i], sinkPort: ports.sink[i] });
    stack.instances[i] = inst;
    await listening(inst, `instance ${name} to be ready`, 60_000, () => fetch(`http://127.0.0.1:${inst.port}/readyz`).then((r) => r.ok));
    return inst;
  };
  stack.instances = [];
  await Promise.all([stack.startInstance(0), stack.startInstance(1)]);
  return stack;
}

/** Ends every process still running (SIGTERM, then SIGKILL), drops the database. */
export async function stopStack(stack) {
  await Promise.all(
    [...(stack.procs ?? [])].reverse().map(async (proc) => {
      if (!proc.alive) return;
      proc.child.kill("SIGTERM");
      const done = await Promise.race([proc.exited.then(() => true), sleep(10_000).then(() => false)]);
      if (!done) proc.child.kill("SIGKILL");
    }),
  );
  await stack.dropDatabase?.();
}

/**
 * Caddy before 2.11.2 cannot retry a request with a body after failing to connect to a dead
 * upstream (it answers 502 "invalid Read on closed Body", caddyserver/caddy#7546), so until its
 * active health check takes a killed instance out, POSTs sent there fail. True when this one can.
 */
export function caddyRetriesBodies(version) {
  const [major, minor, patch] = (/v?(\d+)\.(\d+)\.(\d+)/.exec(version) ?? []).slice(1).map(Number);
  return major > 2 || (major === 2 && (minor > 11 || (minor === 11 && patch >= 2)));
}

/** Caddy's health checkers' log entries about 127.0.0.1:`port` since `sinceMs`: { up } each. */
function healthEntries(caddyProc, port, sinceMs) {
  return readFileSync(caddyProc.log, "utf8")
    .split("\n")
    .filter((line) => line.includes("health_checker") && line.includes(`"host":"127.0.0.1:${port}"`))
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.ts * 1000 > sinceMs)
    .map((entry) => ({ up: entry.msg === "host is up" }));
}

/**
 * Waits until both of Caddy's health checkers (deploy/Caddyfile has two reverse_proxy blocks, each
 * checking every `health_interval`) saw `port` fail (`up` false) or come back (`up` true) after
 * `sinceMs`: two such entries are one from each, as each checks once an interval.
 */
export async function caddyHealthSaw(caddyProc, port, { up, sinceMs, timeoutMs = 15_000 }) {
  await waitUntil(`Caddy's health checks to see 127.0.0.1:${port} ${up ? "up" : "down"}`, timeoutMs, async () => healthEntries(caddyProc, port, sinceMs).filter((e) => e.up === up).length >= 2, 100);
}
