// The ceiling: a bare Node HTTP server answering a constant, on the same machine.
import { createServer } from "node:http";

const body = JSON.stringify({ valid: true, code: "VALID" });
const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  process.send?.({ port: server.address().port });
});
