// `npm run upgrade:drill [-- <git ref>]` (issue #32 item 3, decision 070): a rolling upgrade under
// traffic (run with tsx: it shares server/test/previous-release.ts with the expand-contract test).
// The previous release (default: the commit before the newest migration; or the ref given, e.g.
// HEAD~5) is checked out with `git worktree add` into a temporary directory and its server built
// there; two instances of it run on one fresh PostgreSQL database while licence validates, OTP
// purchases and sign-ins go to whichever instance is in rotation, as a reverse proxy sends them.
// Then one instance at a time is taken out of rotation, stopped (SIGTERM), and started again from
// this checkout's code: the first new instance runs the new migrations while the other, still the
// old release, keeps serving on the new schema. Reports failed requests and lost orders; exit 1
// unless both are 0 (and the ledger is exact). UPGRADE_PHASE_SECONDS (default 15): traffic per phase.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createBenchDatabase, drillEnv, ensureServerBuilt, testApi } from "../bench/lib.mjs";
import { migrationsAddedSince, previousReleaseRef, resolveRef } from "../server/test/previous-release.ts";

const PHASE_MS = Number(process.env.UPGRADE_PHASE_SECONDS ?? 15) * 1000;
const BASE = Number(process.env.UPGRADE_PORT ?? 3570); // 3570–3571
const CLIENTS = 6;
const PASSWORD = "upgrade drill password 1";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const ref = process.argv.slice(2).find((a) => !a.startsWith("-")) ?? previousReleaseRef();
const from = resolveRef(ref);
const here = process.cwd();
const added = migrationsAddedSince(from);
console.log(`Upgrade drill: ${ref} (${from.slice(0, 12)}) → this checkout; migrations added since: ${added.length ? added.map((f) => path.basename(f)).join(", ") : "none"}`);

// The old release in a worktree of its own, built there.
const oldDir = path.join(mkdtempSync(path.join(tmpdir(), "keyshop-upgrade-")), "old");
const git = (...args) => {
  const r = spawnSync("git", args, { cwd: here, stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")} failed`);
  return r.stdout;
};
git("worktree", "add", "--detach", oldDir, from);
// The same dependencies (package-lock.json and package.json's dependency lists; scripts may differ).
const deps = (dir) => {
  const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
  return JSON.stringify([pkg.dependencies, pkg.devDependencies, pkg.optionalDependencies, readFileSync(path.join(dir, "package-lock.json"), "utf8")]);
};
const samePackages = deps(oldDir) === deps(here);
symlinkSync(realpathSync(path.join(here, "node_modules")), path.join(oldDir, "node_modules"));
console.log(samePackages ? "Same dependencies: the old release runs on this checkout's node_modules (symlinked)." : "NOTE: the dependencies differ between the releases; the old release runs on this checkout's node_modules (symlinked), which is not what it shipped with.");
const built = spawnSync(process.execPath, ["scripts/build-server.mjs"], { cwd: oldDir, stdio: "inherit" });
if (built.status !== 0) throw new Error("the old release's server did not build");
ensureServerBuilt();

class Instance {
  constructor(name, port, env) {
    Object.assign(this, { name, port, env, url: `http://127.0.0.1:${port}`, release: "", inRotation: false });
  }
  async start(dir, release) {
    this.child = spawn(process.execPath, ["dist/server.js"], { cwd: dir, env: { ...this.env, PORT: String(this.port), BASE_URL: this.url }, stdio: ["ignore", "ignore", "inherit"] });
    this.exited = new Promise((resolve) => this.child.once("exit", resolve));
    const started = Date.now();
    while (!(await fetch(`${this.url}/healthz`).then((r) => r.ok, () => false))) {
      if (this.child.exitCode !== null || Date.now() - started > 120_000) throw new Error(`${this.name} (${release}) did not start`);
      await sleep(100);
    }
    this.release = release;
    this.inRotation = true;
    return Date.now() - started;
  }
  /** Out of rotation first (the proxy's health check), then a graceful stop. */
  async stop() {
    this.inRotation = false;
    await sleep(500); // requests already sent to it finish; new ones go to the other
    this.child.kill("SIGTERM");
    return this.exited;
  }
}

const database = await createBenchDatabase("keyshop_upgrade_drill");
const env = {
  ...drillEnv(database.url),
  SMTP_URL: "smtp://127.0.0.1:9", // nothing listens: mail waits in the outbox (not what is measured)
};
const instances = [new Instance("A", BASE, env), new Instance("B", BASE + 1, env)];
const counts = {};
const failures = [];
const orders = [];
let phase = "old+old";
let stopping = false;
let exitCode;

try {
  for (const i of instances) await i.start(oldDir, "old");
  const seedUrl = instances[0].url;
  const { buyKeys, deviceKeys } = await testApi(seedUrl, "/licenses/bulk", { email: "upgrade@example.com", planId: "local-1m", count: 200 });
  const { apiKeys } = await testApi(seedUrl, "/api-keys/bulk", { count: 10, balanceMills: 100_000_000 });
  const users = [];
  for (let n = 0; n < 10; n++) users.push(`upgrade-${n}@example.com`);
  for (const email of users) await testApi(seedUrl, "/users", { email, password: PASSWORD });

  const kinds = {
    validate: (n) => ({ path: "/api/v1/licenses/validate", body: { buyKey: buyKeys[n % buyKeys.length], deviceKey: deviceKeys[n % buyKeys.length] }, ok: [200] }),
    otp: (n) => ({ path: "/api/v1/otp/orders", headers: { authorization: `Bearer ${apiKeys[n % apiKeys.length]}`, "idempotency-key": `upgrade-${n}` }, ok: [201] }),
    signIn: (n) => ({ path: "/api/auth/sign-in/email", body: { email: users[n % users.length], password: PASSWORD }, ok: [200] }),
  };
  let next = 0;
  const client = async () => {
    while (!stopping) {
      const n = next++;
      const kind = ["validate", "validate", "otp", "signIn"][n % 4];
      const via = instances.filter((i) => i.inRotation)[n % 2] ?? instances.find((i) => i.inRotation);
      const r = kinds[kind](n);
      const key = `${phase} | ${kind}`;
      counts[key] = (counts[key] ?? 0) + 1;
      try {
        const res = await fetch(`${via.url}${r.path}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: via.url, ...r.headers },
          body: r.body ? JSON.stringify(r.body) : undefined,
        });
        const body = await res.json().catch(() => null);
        if (!r.ok.includes(res.status)) failures.push({ phase, kind, via: `${via.name}(${via.release})`, status: res.status, code: body?.code });
        if (kind === "otp" && res.status === 201) orders.push(body.order.id);
      } catch (err) {
        failures.push({ phase, kind, via: `${via.name}(${via.release})`, error: err.cause?.code ?? err.message });
      }
    }
  };
  const traffic = Array.from({ length: CLIENTS }, client);
  const timeline = [];
  await sleep(PHASE_MS);
  for (const [n, inst] of instances.entries()) {
    phase = `upgrading ${inst.name}`;
    await inst.stop();
    const ms = await inst.start(here, "new");
    timeline.push(`${inst.name} upgraded (started in ${ms} ms${n === 0 ? ", ran the migrations" : ""})`);
    phase = n === 0 ? "new+old" : "new+new";
    await sleep(PHASE_MS);
  }
  stopping = true;
  await Promise.all(traffic);

  // Every order answered 201 is in the database; the balances agree with their ledgers.
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const { rows } = await db.query("select id from otp_mail_orders where id = any($1::uuid[])", [orders]);
  await db.end();
  const lost = orders.length - rows.length;
  const ledger = await testApi(instances[0].url, "/ledger-check");

  console.log(`\n${timeline.join("; ")}`);
  console.log("| phase | kind | requests |\n|---|---|---:|");
  for (const [key, n] of Object.entries(counts)) console.log(`| ${key} | ${n} |`);
  const total = Object.values(counts).reduce((s, n) => s + n, 0);
  console.log(`Requests: ${total}; failed: ${failures.length}; OTP orders answered: ${orders.length}, lost: ${lost}; ledger mismatches: ${ledger.mismatches.length}`);
  if (failures.length) console.log(JSON.stringify(failures.slice(0, 10)));
  exitCode = failures.length === 0 && lost === 0 && ledger.mismatches.length === 0 ? 0 : 1;
  console.log(exitCode === 0 ? "Upgrade without downtime: yes" : "Upgrade without downtime: NO");
} finally {
  stopping = true;
  for (const i of instances) if (i.child && i.child.exitCode === null) i.child.kill("SIGTERM");
  await Promise.all(instances.map((i) => i.exited));
  await database.drop();
  git("worktree", "remove", "--force", oldDir);
  rmSync(path.dirname(oldDir), { recursive: true, force: true });
}
process.exit(exitCode);
