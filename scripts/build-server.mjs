// Bundles the server's own code (dependencies stay in node_modules) into dist/, with its migrations.
import { build } from "esbuild";
import { cpSync, rmSync } from "node:fs";

rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: { server: "server/main.ts", "user-role": "server/cli/user-role.ts", "db-backup": "server/cli/db-backup.ts", "db-restore": "server/cli/db-restore.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  jsx: "automatic",
  sourcemap: true,
  logLevel: "warning",
});
cpSync("server/db/migrations", "dist/migrations", { recursive: true });
console.log("server bundled into dist/");
