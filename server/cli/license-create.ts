// npm run license:create -- someone@example.com local-3m ["Display name"]
// Issues a licence by hand (support cases, team deals) and e-mails the buy key like a sale does.
import { z } from "zod";
import { PLAN_CATALOGUE } from "../../contracts/plan-catalogue";
import { singleLineText } from "../../contracts/text";
import { loadConfig } from "../config";
import { migrateDatabase, openDatabase } from "../db/client";
import { createLicense } from "../features/licenses/service";
import { syncPlanCatalogue } from "../features/plans/service";
import { enqueueEmail } from "../providers/email/outbox";

const argsSchema = z.object({
  email: z.email("Give the customer's e-mail address"),
  planId: z.enum(PLAN_CATALOGUE.map((p) => p.id) as [string, ...string[]], `Plan must be one of ${PLAN_CATALOGUE.map((p) => p.id).join(", ")}`),
  name: singleLineText().max(100).optional(),
});

async function main() {
  const [email, planId, name] = process.argv.slice(2);
  const parsed = argsSchema.safeParse({ email, planId, name });
  if (!parsed.success) {
    console.error(`Usage: npm run license:create -- <email> <plan id> ["name"]\n${parsed.error.issues.map((i) => `  - ${i.message}`).join("\n")}`);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    await syncPlanCatalogue({ db: database.db });
    const plan = PLAN_CATALOGUE.find((p) => p.id === parsed.data.planId)!;
    const license = await database.db.transaction(async (tx) => {
      const created = await createLicense({ db: tx, planId: plan.id, email: parsed.data.email, name: parsed.data.name });
      await enqueueEmail(tx, {
        to: created.email,
        template: "license-key",
        props: { buyKey: created.buyKey, planMonths: plan.months, termDays: created.termDays, changesLeft: created.changesLeft, dashboardUrl: `${config.baseUrl}/license-keys` },
        timeZone: config.shopTimeZone,
      });
      return created;
    });
    console.log(`Licence ${license.buyKey} (${plan.title}, ${plan.market}) created for ${license.email}; the buy-key e-mail is queued.`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
