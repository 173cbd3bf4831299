// npm run lint:openapi: writes the OpenAPI document the app serves (server/cli/openapi-document.ts)
// and lints it with Redocly CLI (recommended rules, redocly.yaml) and Spectral (spectral:oas,
// .spectral.yaml). Both always run; the script fails when either reports an error (decision 021).
import { spawnSync } from "node:child_process";

const DOCUMENT = "build/openapi.json";
const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
const run = (command, args) => {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const { status, error } = spawnSync(command, args, { stdio: "inherit", env, shell: process.platform === "win32" });
  if (error) console.error(error.message);
  return status ?? 1;
};

if (run("tsx", ["server/cli/openapi-document.ts", DOCUMENT]) !== 0) process.exit(1);
const failed = [
  run("redocly", ["lint", DOCUMENT]) !== 0 && "Redocly",
  run("spectral", ["lint", DOCUMENT, "--fail-severity", "error"]) !== 0 && "Spectral",
].filter(Boolean);
if (failed.length) {
  console.error(`\nlint:openapi: ${failed.join(" and ")} found errors in ${DOCUMENT}`);
  process.exit(1);
}
console.log(`\nlint:openapi: Redocly and Spectral found no errors in ${DOCUMENT}`);
