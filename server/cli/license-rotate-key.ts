// npm run license:rotate-key                    a new key signs answers from now on; the old one stays published
// npm run license:rotate-key -- --list          the keys, their states and the key list's version
// npm run license:rotate-key -- --retire <id>   withdraw an old key: tools drop it when they next see the list
// See docs/licence-api.md ("Keys and their rotation") and decision 035. Running servers reload
// their keys as the change commits (PostgreSQL); with the embedded database, stop the server first
// (one process).
import { fileURLToPath } from "node:url";
import { loadConfig } from "../config";
import { migrateDatabase, openDatabase, type Db } from "../db/client";
import { keyListVersion, listSigningKeys, retireSigningKey, rotateSigningKey, Signer } from "../features/licenses/signing";
import { AppError } from "../lib/errors";

const USAGE = "Usage: npm run license:rotate-key [-- --list | --retire <key id>]";

function argumentsMakeSense(argv: string[]) {
  const retireAt = argv.indexOf("--retire");
  return !argv.some((a) => a.startsWith("--") && a !== "--list" && a !== "--retire") && (retireAt < 0 || Boolean(argv[retireAt + 1]));
}

/**
 * The command on an open, migrated database: what `main` runs, and what the tests run on theirs.
 * Returns the exit code; `print` gets every line for the operator, `fail` every error.
 */
export async function runRotateKeyCommand(
  argv: string[],
  { db, secret, print = console.log, fail = console.error }: { db: Db; secret: string; print?: (line: string) => void; fail?: (line: string) => void },
): Promise<number> {
  if (!argumentsMakeSense(argv)) {
    fail(USAGE);
    return 2;
  }
  const retireAt = argv.indexOf("--retire");
  try {
    // Makes the first key if the shop never started: there is always one to rotate from.
    await Signer.load({ db, secret });
    if (retireAt >= 0) {
      const keyId = argv[retireAt + 1]!;
      const retired = await retireSigningKey({ db, keyId });
      print(
        retired
          ? `${keyId} is retired: it no longer endorses the key list, which now names it as retired. Every answer names the new list version, so tools drop the key at their next check.`
          : `${keyId} was already retired.`,
      );
    } else if (!argv.includes("--list")) {
      const { keyId, previousKeyId } = await rotateSigningKey({ db, secret });
      const signer = await Signer.load({ db, secret });
      const info = JSON.parse(signer.keyList().body) as { keys: Array<{ keyId: string; publicKeyBase64: string }> };
      print(`${keyId} now signs licence answers${previousKeyId ? `; ${previousKeyId} stays published as previous` : ""}.`);
      print(`Public key (raw Ed25519, base64) to build into the next release of the tool: ${info.keys.find((k) => k.keyId === keyId)!.publicKeyBase64}`);
      if (previousKeyId) print(`When every tool knows it, retire the old key: npm run license:rotate-key -- --retire ${previousKeyId} (at once if it may have leaked).`);
    }
    const keys = await listSigningKeys(db);
    print(`Key list version ${keyListVersion(keys)} (build it into the tool with its keys):`);
    for (const k of keys) {
      print(`  ${k.id.padEnd(22)} ${k.status.padEnd(9)} created ${k.createdAt.toISOString()}${k.retiredAt ? `, retired ${k.retiredAt.toISOString()}` : ""}`);
    }
    return 0;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    fail(err.message);
    return 1;
  }
}

async function main() {
  if (!argumentsMakeSense(process.argv.slice(2))) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    process.exitCode = await runRotateKeyCommand(process.argv.slice(2), { db: database.db, secret: config.authSecret });
  } finally {
    await database.close();
  }
}

// Run as a script (npm run license:rotate-key), not when a test imports the command.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
