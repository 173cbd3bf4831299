// `npm run rehearse`: production, rehearsed end to end (issue #32 item 1, decision 068).
//
// Builds (unless --no-build), then runs the shop as compose.yaml does, on this machine: two
// instances with NODE_ENV=production on one fresh PostgreSQL database (BENCH_DATABASE_URL's
// server, as the benchmarks; default postgres://postgres@127.0.0.1:5432), behind Caddy from the system's packages
// with deploy/Caddyfile and its internal CA; mail over SMTP to a separate sink process; PayWay's
// wire protocol from the PayWay simulator as its own https process, reached through the shop's
// real PayWay client settings. A customer and an admin then walk the shop through the proxy's
// https address; one instance is killed with SIGKILL midway. The checks at the end: the ledger,
// orders against PayWay's record, each e-mail once, no 5xx. Prints a report; exits 1 on any
// failure. Ports 3400–3499 (REHEARSE_PORT_BASE moves them).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runChecks, waitForQuietOutbox } from "./rehearse/checks.mjs";
import { createClient } from "./rehearse/client.mjs";
import { openMailbox } from "./rehearse/mailbox.mjs";
import { caddyHealthSaw, caddyRetriesBodies, caddyVersion, startStack, stopStack, waitUntil } from "./rehearse/stack.mjs";
import { WALK } from "./rehearse/walk.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BASE = Number(process.env.REHEARSE_PORT_BASE ?? 3400);
const started = Date.now();
const since = () => `+${((Date.now() - started) / 1000).toFixed(1)}s`;
const lines = [];
const say = (line) => {
  lines.push(line);
  console.log(line);
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`.padStart(6);

/** One timed step of the report; returns false (and says why) when it failed. */
async function step(name, run) {
  const t = Date.now();
  try {
    const detail = await run();
    say(`  ok   ${seconds(Date.now() - t)}  ${name}${detail ? `:${detail.startsWith("\n") ? "" : " "}${detail}` : ""}`);
    return true;
  } catch (err) {
    say(`  FAIL ${seconds(Date.now() - t)}  ${name}: ${err.message}`);
    return false;
  }
}

async function main() {
  say(`Keyshop production rehearsal, ${new Date().toISOString()}`);
  const caddy = caddyVersion();
  let ok = true;
  if (!process.argv.includes("--no-build")) {
    ok = await step("build (npm run build)", async () => {
      const r = spawnSync("npm", ["run", "build"], { cwd: ROOT, encoding: "utf8" });
      if (r.status !== 0) throw new Error(`npm run build failed:\n${r.stdout}\n${r.stderr}`);
    });
    if (!ok) return false;
  }

  const work = mkdtempSync(path.join(tmpdir(), "keyshop-rehearse-"));
  const stack = {};
  let client;
  // Interrupted (Ctrl-C, CI's timeout): end what was started and drop the database all the same.
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      say(`${signal}: stopping the rehearsal's processes (logs in ${work})`);
      void stopStack(stack).finally(() => process.exit(130));
    });
  }
  try {
    ok = await step("start: PostgreSQL database, mail sink, Caddy, PayWay simulator, instances A and B (NODE_ENV=production)", async () => {
      await startStack(stack, { root: ROOT, work, base: BASE });
      const [a, b] = stack.instances;
      return `\n         ${stack.origin} (Caddy ${caddy}, tls internal, deploy/Caddyfile) → A 127.0.0.1:${a.port} (pid ${a.pid}), B 127.0.0.1:${b.port} (pid ${b.pid})` +
        `\n         PayWay ${stack.paywayUrl}; mail sink :${stack.ports.sink.join(", :")}; inbound SMTP :${stack.ports.inbound.join(", :")}; database ${new URL(stack.databaseUrl).pathname.slice(1)}`;
    });
    if (!ok) return false;

    const ca = [readFileSync(stack.caddyRootCa), readFileSync(stack.paywayCa)];
    ok = await step("proxy: Caddy's health checks admit both instances", async () => {
      // Its first checks ran while the instances were starting: until the next ones it answers 503
      // (this probe's answers are not the walk's). Round robin: consecutive 200s cover both.
      const probe = createClient({ ca, origin: stack.origin });
      let inRow = 0;
      try {
        await waitUntil("the proxy to answer /readyz", 30_000, async () => {
          inRow = (await probe.send("GET", "/readyz")).status === 200 ? inRow + 1 : 0;
          return inRow >= 4;
        }, 250);
      } finally {
        probe.close();
      }
    });
    if (!ok) return false;
    client = createClient({ ca, origin: stack.origin });
    const mailbox = openMailbox(stack.mailFile);
    const killed = [];
    const caddyProc = () => stack.procs.find((p) => p.name === "caddy");
    const ctx = {
      client,
      mailbox,
      stack,
      state: {},
      runCli: (args) =>
        new Promise((resolve, reject) => {
          const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...stack.appEnv, SMTP_URL: `smtp://127.0.0.1:${stack.ports.sink[0]}` }, stdio: ["ignore", "pipe", "pipe"] });
          let out = "";
          child.stdout.on("data", (c) => (out += c));
          child.stderr.on("data", (c) => (out += c));
          child.once("error", reject);
          child.once("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(" ")} exited ${code}: ${out}`))));
        }),
      async kill(name) {
        const inst = stack.instances.find((i) => i.label === name);
        // Between two steps: the e-mails of the last one are delivered and recorded as sent.
        await waitForQuietOutbox(stack.databaseUrl);
        const at = since();
        const killedAt = Date.now();
        inst.child.kill("SIGKILL");
        const { signal } = await inst.exited;
        killed.push(`instance ${name} (pid ${inst.pid}, port ${inst.port}) at ${at}, ended by ${signal}`);
        // Requests without a body fail over at once: Caddy retries them on the other instance.
        for (let i = 0; i < 4; i++) await client.expect(200, "GET", "/api/plans");
        let note = "4 GETs right after it answered 200 (Caddy retried the dead one's on B)";
        if (!caddyRetriesBodies(caddy)) {
          const t = Date.now();
          await caddyHealthSaw(caddyProc(), inst.port, { up: false, sinceMs: killedAt });
          note += `; Caddy ${caddy} cannot retry a POST after a dead upstream (caddyserver/caddy#7546, fixed in 2.11.2), so the walk waited ${((Date.now() - t) / 1000).toFixed(1)}s for its health check to take ${name} out`;
        }
        return `instance ${name} (pid ${inst.pid}) killed at ${at} (${signal}), the outbox settled; ${note}`;
      },
      async restart(name) {
        const i = stack.instances.findIndex((x) => x.label === name);
        const t = Date.now();
        const inst = await stack.startInstance(i);
        const ready = Date.now() - t;
        await caddyHealthSaw(caddyProc(), inst.port, { up: true, sinceMs: t, timeoutMs: 20_000 });
        const back = Date.now() - t;
        // Caddy also remembers the failed connections of the kill for `fail_duration` (10 s, passive
        // health check): until then it sends nothing to the restarted instance, then round robin again.
        const served = () => readFileSync(inst.log, "utf8").split("\n").filter((l) => l.includes('"path":"/api/plans"')).length;
        let sent = 0;
        await waitUntil(`instance ${name} to get requests through the proxy again`, 20_000, async () => {
          sent++;
          await client.expect(200, "GET", "/api/plans");
          return served() > 0;
        }, 250);
        return `instance ${name} (pid ${inst.pid}) ready in ${(ready / 1000).toFixed(1)}s, healthy for Caddy after ${(back / 1000).toFixed(1)}s, serving again after ${((Date.now() - t) / 1000).toFixed(1)}s (request ${sent} reached it)`;
      },
    };

    say("Walk (every request through the proxy's https address; PayWay's at its own):");
    for (const [i, s] of WALK.entries()) {
      client.setStep(s.name);
      ok = await step(`${String(i + 1).padStart(2)}. ${s.name}`, () => s.run(ctx));
      if (!ok) break;
    }
    say(`Killed: ${killed.length ? killed.join("; ") : "nothing (the walk stopped before)"}`);
    say("Checks:");
    const expectedOrders = ["planOrder", "topupOrder"].filter((k) => ctx.state[k]).length;
    for (const check of await runChecks({ stack, client, mailbox, expectedOrders })) {
      say(`  ${check.ok ? "pass" : "FAIL"}  ${check.name}: ${check.detail}`);
      ok &&= check.ok;
    }
    if (!ok) for (const proc of stack.procs) say(`--- ${proc.name} (last lines of ${proc.log})\n${proc.tail(15)}`);
    return ok;
  } finally {
    client?.close();
    await stopStack(stack).catch((err) => say(`teardown: ${err.message}`));
    if (ok) rmSync(work, { recursive: true, force: true });
    else say(`logs kept in ${work}`);
  }
}

const passed = await main().catch((err) => {
  say(`FAIL: ${err.stack ?? err.message}`);
  return false;
});
say(`${passed ? "PASS" : "FAIL"}: rehearsal ${passed ? "passed" : "failed"} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
process.exit(passed ? 0 : 1);
