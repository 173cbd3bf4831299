// npm run db:restore -- <file> [--force]
// Restores a db:backup file into the configured database: DATABASE_URL (a pg_dump custom-format
// dump, through pg_restore) or DATA_DIR (a PGlite .tar.gz). Stop the servers first. Refuses a
// database that already has the shop's tables, or a DATA_DIR that holds one, unless --force.
import { z } from "zod";
import { loadConfig } from "../config";
import { restoreBackup } from "../features/backups/backup";

const argsSchema = z.object({
  file: z.string("Give the backup file to restore").min(1, "Give the backup file to restore"),
  force: z.boolean(),
  unknown: z.array(z.string()).max(0, "Only <file> and --force are understood"),
});

async function main() {
  const argv = process.argv.slice(2);
  const positional = argv.filter((a) => !a.startsWith("--"));
  const parsed = argsSchema.safeParse({
    file: positional[0],
    force: argv.includes("--force"),
    unknown: [...argv.filter((a) => a.startsWith("--") && a !== "--force"), ...positional.slice(1)],
  });
  if (!parsed.success) {
    console.error(`Usage: npm run db:restore -- <file> [--force]: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
    process.exit(2);
  }
  const config = loadConfig();
  const target = config.databaseUrl ? { kind: "postgres" as const, databaseUrl: config.databaseUrl } : { kind: "pglite" as const, dataDir: config.dataDir };
  const result = await restoreBackup(parsed.data.file, target, { force: parsed.data.force });
  const where = target.kind === "postgres" ? "the PostgreSQL database (DATABASE_URL)" : `${target.dataDir} (PGlite)`;
  console.log(`Restored ${parsed.data.file} into ${where}.${result.movedAside ? ` The previous database was moved to ${result.movedAside}.` : ""} Start the server: it applies any newer migrations.`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
