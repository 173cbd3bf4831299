// npm run openapi:document [-- <file>]   writes the OpenAPI document the app serves at
// /api/openapi.json (default: build/openapi.json), for the linters of `npm run lint:openapi`.
// No server is started, no port opened, nothing written but the file. The document's server is
// BASE_URL when set, as on a running shop; otherwise the shop's public address (site.config.json).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildOpenApiDocument } from "../openapi/document";

async function main() {
  const out = path.resolve(process.argv[2] ?? "build/openapi.json");
  const doc = await buildOpenApiDocument(process.env.BASE_URL || undefined);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
  const operations = Object.values(doc.paths ?? {}).reduce((n, ops) => n + Object.keys(ops).length, 0);
  console.log(`${path.relative(process.cwd(), out)}: ${operations} operations`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
