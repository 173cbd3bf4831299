// npm run user:role -- someone@example.com admin [--super]
// Grants or removes roles from the command line (how the first admin is made).
import { z } from "zod";
import { loadConfig } from "../config";
import { migrateDatabase, openDatabase } from "../db/client";
import { setUserRole } from "../features/users/service";
import { AppError } from "../lib/errors";

const argsSchema = z.object({
  email: z.email("Give the user's e-mail address"),
  role: z.enum(["user", "admin"], "Role must be user or admin"),
  superAdmin: z.boolean(),
});

async function main() {
  const argv = process.argv.slice(2);
  const [email, role] = argv.filter((a) => !a.startsWith("--"));
  const parsed = argsSchema.safeParse({ email, role, superAdmin: argv.includes("--super") });
  if (!parsed.success) {
    console.error(`Usage: npm run user:role -- <email> <user|admin> [--super]\n${parsed.error.issues.map((i) => `  - ${i.message}`).join("\n")}`);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const result = await setUserRole({ db: database.db, ...parsed.data, actor: { email: "cli" } });
    console.log(`${result.email} is now ${result.role}${result.superAdmin ? " (super-admin)" : ""}.`);
    if (result.role === "admin") {
      // The admin console needs a second factor (decision 018): where to set it up.
      console.log(`Admins sign in with a second factor. Add a passkey (recommended) or an authenticator app here (signed in as ${result.email}): ${config.baseUrl}/profile#passkeys`);
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
