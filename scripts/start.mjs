// `npm start`: build when the build is missing or older than the sources, then run the server.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["server", "web", "contracts", "site.config.json", "react-router.config.ts", "vite.config.ts", "package-lock.json"];
const OUTPUTS = ["dist/server.js", "build/client/__spa-fallback.html"];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

const built = OUTPUTS.every((f) => existsSync(f));
const oldestOutput = built ? Math.min(...OUTPUTS.map((f) => statSync(f).mtimeMs)) : 0;
const newestSource = Math.max(...SOURCES.map(newestMtime));
if (!built || newestSource > oldestOutput) {
  console.log(built ? "Sources changed since the last build: building…" : "No build yet: building…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ["--enable-source-maps", "dist/server.js"], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
