// A built Keyshop on a fresh PostgreSQL database with its dev mailbox receiving SMTP (embedded
// mode: mail for the OTP domain reaches the orders), for the OTP market benchmarks and scripts.
import { spawn, spawnSync } from "node:child_process";
import { TEST_TOKEN, createBenchDatabase, waitFor } from "./lib.mjs";

export async function startOtpMarketServer(prefix, env = {}) {
  const built = spawnSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("server build failed");
  const database = await createBenchDatabase(prefix);
  const port = 4200 + Math.floor(Math.random() * 50);
  const smtpPort = port + 100;
  const child = spawn(process.execPath, ["dist/server.js"], {
    env: { ...process.env, PORT: String(port), DEV_SMTP_PORT: String(smtpPort), DATABASE_URL: database.url, LOG_LEVEL: "error", DEV_TEST_API_TOKEN: TEST_TOKEN, NODE_ENV: "development", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`);
  return { url, smtpPort, database, stop: () => new Promise((r) => { child.once("exit", r); child.kill("SIGTERM"); }) };
}
