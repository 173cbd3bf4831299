// The rehearsal's mail server (npm run rehearse): a separate process that accepts whatever the
// shop sends over SMTP and appends each message, as one JSON line { port, at, raw }, to the file
// given as the first argument. It listens on every port given after it (one per shop instance,
// so a message says which instance sent it).
import { appendFileSync } from "node:fs";
import { SMTPServer } from "smtp-server";

const [file, ...ports] = process.argv.slice(2);
if (!file || !ports.length) {
  console.error("usage: node mail-sink.mjs <messages.jsonl> <port>...");
  process.exit(2);
}

for (const port of ports.map(Number)) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        appendFileSync(file, `${JSON.stringify({ port, at: new Date().toISOString(), raw: Buffer.concat(chunks).toString("utf8") })}\n`);
        callback();
      });
    },
  });
  // A sender killed mid-session resets its connection: part of the rehearsal, nothing to report.
  server.on("error", () => {});
  server.listen(port, "127.0.0.1", () => console.log(`mail sink listening on ${port}`));
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));
