// A child process for the memory test: the real app on a real port (node-server, as in
// production), answering its parent with its resident memory after a full garbage collection.
import { serve } from "@hono/node-server";
import { createTestContext } from "./harness";

const t = await createTestContext();
const server = serve({ fetch: (req, env) => t.app.fetch(req, env as never), port: 0, hostname: "127.0.0.1" }, (info) => {
  process.send!({ port: info.port });
});

const gc = (globalThis as { gc?: () => void }).gc;
process.on("message", async (message: { type: string }) => {
  if (message.type === "rss") {
    for (let i = 0; i < 3; i++) {
      gc?.();
      await new Promise((r) => setTimeout(r, 50));
    }
    process.send!({ rss: process.memoryUsage().rss });
  }
  if (message.type === "stop") {
    server.close();
    await t.close();
    process.exit(0);
  }
});
