// A port for a test server that restarts on the same address (a supervisor would keep it).
// Picked below Linux's ephemeral range (32768–60999), so no other test's listen(0) or outgoing
// connection can be handed the port between its pick and the restart; a pick that is taken is
// tried again.
import { createServer } from "node:net";

const LOWEST = 20_000;
// Each Vitest worker picks from its own quarter of the range: two workers' picks can never meet.
// Once, the crash test's instance and another file's production server (no test API) were both
// handed one port in the same instant by two workers; the crash test's requests reached the
// other server and got 404 (CI of stop 42's first try, PostgreSQL pass).
const SLOTS = 4;
const SPAN = 3_000;
const slot = (Number(process.env.VITEST_POOL_ID ?? 1) - 1) % SLOTS;

function isFree(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

export async function restartablePort(): Promise<number> {
  for (;;) {
    const port = LOWEST + slot * SPAN + Math.floor(Math.random() * SPAN);
    if (await isFree(port)) return port;
  }
}
