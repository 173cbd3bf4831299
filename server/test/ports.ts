// A port for a test server that restarts on the same address (a supervisor would keep it).
// Picked below Linux's ephemeral range (32768–60999), so no other test's listen(0) or outgoing
// connection can be handed the port between its pick and the restart; a pick that is taken is
// tried again.
import { createServer } from "node:net";

const LOWEST = 20_000;
const SPAN = 12_000;

function isFree(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

export async function restartablePort(): Promise<number> {
  for (;;) {
    const port = LOWEST + Math.floor(Math.random() * SPAN);
    if (await isFree(port)) return port;
  }
}
