// npm run license:rotate-key                    a new key signs answers from now on; the old one stays published
// npm run license:rotate-key -- --list          the keys and their states
// npm run license:rotate-key -- --retire <id>   stop publishing an old key (after tools have learnt the new one)
// See docs/licence-api.md ("Keys and their rotation"). Running servers reload their keys as the
// change commits (PostgreSQL); with the embedded database, stop the server first (one process).
import { loadConfig } from "../config";
import { migrateDatabase, openDatabase } from "../db/client";
import { listSigningKeys, retireSigningKey, rotateSigningKey, Signer } from "../features/licenses/signing";
import { AppError } from "../lib/errors";

const USAGE = "Usage: npm run license:rotate-key [-- --list | --retire <key id>]";

async function main() {
  const argv = process.argv.slice(2);
  const retireAt = argv.indexOf("--retire");
  if (argv.some((a) => a.startsWith("--") && a !== "--list" && a !== "--retire") || (retireAt >= 0 && !argv[retireAt + 1])) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { db } = database;
  try {
    await migrateDatabase(database);
    // Makes the first key if the shop never started: there is always one to rotate from.
    await Signer.load({ db, secret: config.authSecret });
    if (retireAt >= 0) {
      const keyId = argv[retireAt + 1]!;
      await retireSigningKey({ db, keyId });
      console.log(`${keyId} is retired: it no longer signs or endorses the key list.`);
    } else if (!argv.includes("--list")) {
      const { keyId, previousKeyId } = await rotateSigningKey({ db, secret: config.authSecret });
      const signer = await Signer.load({ db, secret: config.authSecret });
      const info = JSON.parse(signer.keyList().body) as { keys: Array<{ keyId: string; publicKeyBase64: string }> };
      console.log(`${keyId} now signs licence answers${previousKeyId ? `; ${previousKeyId} stays published as previous` : ""}.`);
      console.log(`Public key (raw Ed25519, base64) to build into the next release of the tool: ${info.keys.find((k) => k.keyId === keyId)!.publicKeyBase64}`);
      if (previousKeyId) console.log(`When every tool knows it, retire the old key: npm run license:rotate-key -- --retire ${previousKeyId}`);
    }
    for (const k of await listSigningKeys(db)) {
      console.log(`  ${k.id.padEnd(22)} ${k.status.padEnd(9)} created ${k.createdAt.toISOString()}${k.retiredAt ? `, retired ${k.retiredAt.toISOString()}` : ""}`);
    }
  } catch (err) {
    console.error(err instanceof AppError ? err.message : err);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
