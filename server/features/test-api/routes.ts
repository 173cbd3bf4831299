// Seeding for browser tests, mounted only when DEV_TEST_API_TOKEN is set outside production
// (config refuses it in production) and only for requests carrying that token.
import { randomBytes, randomUUID } from "node:crypto";
import { Hono } from "hono";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../../contracts/languages";
import { singleLineText, validText } from "../../../contracts/text";
import type { Auth } from "../../auth/auth";
import type { Db } from "../../db/client";
import { orders, plans, user } from "../../db/schema";
import { AppError, validationError } from "../../lib/errors";
import { secretFromUri, totpCode } from "../../lib/totp";
import { changeBalance, ensureApiKey, findLedgerMismatches, revealApiKey } from "../balance/service";
import { createLicense } from "../licenses/service";
import { CATALOGUE_CHANNEL, syncPlanCatalogue } from "../plans/service";
import { catalogueOf, PLAN_ENTRIES } from "../../../contracts/plan-catalogue";

const UserBody = z.object({
  email: z.email(),
  password: validText().min(8),
  name: singleLineText().default(""),
  role: z.enum(["user", "admin"]).default("user"),
  superAdmin: z.boolean().default(false),
  /** Enrol an authenticator (default: for admins, whom the admin console requires to have one). */
  twoFactor: z.boolean().optional(),
  /** The account's language (its e-mails'); the default, as an account made without a language cookie. */
  language: z.enum(LANGUAGES).optional(),
});
const LicenseBody = z.object({
  email: z.email(),
  planId: singleLineText(),
  name: singleLineText().optional(),
  deviceKey: singleLineText().nullable().optional(),
  startDate: z.coerce.date().nullable().optional(),
  expireDate: z.coerce.date().nullable().optional(),
  changesLeft: z.number().int().min(0).optional(),
});

/**
 * A test catalogue: the shop's plan entries plus these (decision 047), as if the instance had
 * started with them; none puts the shop's own catalogue back. Entries as in
 * contracts/plan-catalogue.ts PLAN_ENTRIES (their extra features aside).
 */
const TestCatalogueBody = z.object({
  extraEntries: z
    .array(
      z.object({
        months: z.number().int().min(1).max(120),
        periodDays: z.number().int().min(1),
        bonusDays: z.number().int().min(0),
        keyChanges: z.number().int().min(0),
        popular: z.boolean().optional(),
        prices: z.object({ local: z.number().int().min(1_000), foreign: z.number().int().min(1_000) }),
      }),
    )
    .max(10)
    .refine((entries) => entries.every((e) => !PLAN_ENTRIES.some((p) => p.months === e.months)), "A length the catalogue already has"),
});

const SeedOrdersBody = z.object({
  orders: z
    .array(
      z.object({
        email: z.email(),
        kind: z.enum(["plan", "topup", "tool"]),
        planId: singleLineText().optional(),
        amountMills: z.number().int().min(1).max(100_000_000).optional(),
        status: z.enum(["pending", "paid", "failed", "cancelled", "refunded"]).default("paid"),
        createdAt: z.coerce.date().optional(),
        /** The buyer's language (e-mails to an address without an account follow the latest order's). */
        locale: z.enum(LANGUAGES).optional(),
      }),
    )
    .min(1)
    .max(1000),
});
const WorkersRunBody = z.object({ now: z.iso.datetime({ offset: true }) });
const BalanceBody = z.object({ email: z.email(), amountMills: z.number().int().min(1).max(100_000_000) });
const BulkBody = z.object({ email: z.email(), planId: singleLineText(), count: z.number().int().min(1).max(20_000) });
const BulkKeysBody = z.object({ count: z.number().int().min(1).max(5_000), balanceMills: z.number().int().min(0).max(100_000_000) });

async function parse<T extends z.ZodTypeAny>(schema: T, req: Request): Promise<z.infer<T>> {
  const result = schema.safeParse(await req.json().catch(() => undefined));
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export function createTestApiRoutes({
  db,
  auth,
  token,
  secret,
  runWorkers,
}: {
  db: Db;
  auth: Auth;
  token: string;
  secret: string;
  /** One pass of every time-driven worker at the given time (features/schedule/jobs.ts runJobsOnce). */
  runWorkers?: (now: Date) => Promise<Record<string, unknown>>;
}) {
  return new Hono()
    .use("*", async (c, next) => {
      if (c.req.header("x-test-token") !== token) throw new AppError("FORBIDDEN", "Test API token required");
      await next();
    })
    .post("/users", async (c) => {
      const input = await parse(UserBody, c.req.raw);
      await auth.api.signUpEmail({ body: { email: input.email, password: input.password, name: input.name } });
      const [created] = await db
        .update(user)
        .set({ emailVerified: true, role: input.role, superAdmin: input.superAdmin, ...(input.language ? { language: input.language } : {}) })
        .where(eq(user.email, input.email.toLowerCase()))
        .returning({ id: user.id, email: user.email });
      if (!(input.twoFactor ?? input.role === "admin")) return c.json(created);
      // Enrolled through better-auth's own endpoints, as a person would: the browser test signs
      // in with the code its authenticator (the returned secret) shows.
      const signedIn = await auth.api.signInEmail({ body: { email: input.email, password: input.password }, asResponse: true });
      const headers = new Headers({ cookie: signedIn.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ") });
      const enrolled = await auth.api.enableTwoFactor({ body: { password: input.password }, headers });
      if (!("totpURI" in enrolled) || !enrolled.totpURI) throw new AppError("BAD_REQUEST", "two-factor enrolment failed");
      const totpSecret = secretFromUri(enrolled.totpURI);
      await auth.api.verifyTOTP({ body: { code: totpCode(totpSecret) }, headers });
      return c.json({ ...created, totpSecret, backupCodes: enrolled.backupCodes });
    })
    // One pass of every time-driven worker as if the clock read `now` (reminders, abandoned
    // checkouts, the reconciler, OTP expiry, the suspicion check): time in tests, decision 026.
    .post("/workers/run", async (c) => {
      const input = await parse(WorkersRunBody, c.req.raw);
      if (!runWorkers) throw new AppError("NOT_FOUND", "No workers here");
      return c.json(await runWorkers(new Date(input.now)));
    })
    // The plans the instance sells, from a test catalogue: the same sync that runs at start.
    .post("/catalogue", async (c) => {
      const { extraEntries } = await parse(TestCatalogueBody, c.req.raw);
      const catalogue = catalogueOf([...PLAN_ENTRIES, ...extraEntries]);
      await syncPlanCatalogue({ db, catalogue, mode: "replace" });
      // Announced as the seller's changes are: every instance's price list follows at once.
      await db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, 'test-api')`);
      return c.json({ planIds: catalogue.map((p) => p.id) });
    })
    .post("/licenses", async (c) => {
      const input = await parse(LicenseBody, c.req.raw);
      const license = await createLicense({ db, ...input });
      return c.json({ id: license.id, buyKey: license.buyKey });
    })
    // Orders in any state without a payment provider (admin screens): priced from the plan unless an amount is given.
    .post("/orders", async (c) => {
      const input = await parse(SeedOrdersBody, c.req.raw);
      const catalogue = new Map((await db.select().from(plans)).map((p) => [p.id, p]));
      const values = [];
      for (const o of input.orders) {
        const plan = o.kind !== "topup" && o.planId ? catalogue.get(o.planId) : undefined;
        if (o.kind !== "topup" && !plan) throw new AppError("VALIDATION_FAILED", `Unknown plan ${o.planId ?? "(none)"}`);
        const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, o.email.toLowerCase()));
        const createdAt = o.createdAt ?? new Date();
        values.push({
          tranId: `T${randomUUID().replaceAll("-", "").slice(0, 19).toUpperCase()}`,
          kind: o.kind,
          userId: o.kind === "tool" ? null : (owner?.id ?? null),
          email: o.email.toLowerCase(),
          planId: plan?.id ?? null,
          planTitle: plan?.title ?? null,
          amountMills: o.amountMills ?? plan?.priceMills ?? 1000,
          status: o.status,
          locale: o.locale ?? DEFAULT_LANGUAGE,
          createdAt,
          updatedAt: createdAt,
          paidAt: o.status === "paid" ? createdAt : null,
          fulfilment: o.kind !== "topup" && o.status === "paid" ? { buyKey: `SEED-${randomUUID().slice(0, 8).toUpperCase()}` } : null,
        });
      }
      const created = await db.insert(orders).values(values).returning({ id: orders.id, tranId: orders.tranId });
      return c.json({ orders: created });
    })
    // Credits a user's API key through the ledger (created if missing).
    .post("/balance", async (c) => {
      const input = await parse(BalanceBody, c.req.raw);
      const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, input.email.toLowerCase()));
      if (!owner) throw new AppError("NOT_FOUND", "No such user");
      const key = await ensureApiKey({ db, secret, userId: owner.id });
      const { balanceAfterMills } = await db.transaction((tx) =>
        changeBalance(tx, { apiKeyId: key.id, deltaMills: input.amountMills, reason: "topup", reference: "test-api" }),
      );
      return c.json({ balanceMills: balanceAfterMills });
    })
    // Many users, each with an API key and a balance credited through the ledger (benchmarks).
    // Returns the keys in clear: this API exists only outside production.
    .post("/api-keys/bulk", async (c) => {
      const input = await parse(BulkKeysBody, c.req.raw);
      const tag = randomUUID().slice(0, 8);
      const keys: string[] = [];
      for (let i = 0; i < input.count; i++) {
        const keyRow = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(user)
            .values({ id: randomUUID(), email: `bench-${tag}-${i}@example.com`, name: `Bench ${i}`, emailVerified: true })
            .returning({ id: user.id });
          const key = await ensureApiKey({ db: tx, secret, userId: created!.id });
          if (input.balanceMills) await changeBalance(tx, { apiKeyId: key.id, deltaMills: input.balanceMills, reason: "topup", reference: "test-api" });
          return key;
        });
        keys.push(revealApiKey(secret, keyRow));
      }
      return c.json({ apiKeys: keys });
    })
    // Every balance equals the sum of its ledger (benchmarks check this after a load run).
    .get("/ledger-check", async (c) => c.json({ mismatches: await findLedgerMismatches({ db }) }))
    // Many active licences at once (benchmarks): each bound to device key "LDREEL-BENCH-<n>".
    .post("/licenses/bulk", async (c) => {
      const input = await parse(BulkBody, c.req.raw);
      const now = Date.now();
      const buyKeys: string[] = [];
      // One device key, one licence: each call binds keys of its own.
      const batch = randomBytes(4).toString("hex");
      const deviceKeys = Array.from({ length: input.count }, (_, i) => `LDREEL-BENCH-${batch}-${i}`);
      await db.transaction(async (tx) => {
        for (let i = 0; i < input.count; i++) {
          const license = await createLicense({
            db: tx,
            planId: input.planId,
            email: input.email,
            deviceKey: deviceKeys[i],
            startDate: new Date(now),
            expireDate: new Date(now + 30 * 86_400_000),
          });
          buyKeys.push(license.buyKey);
        }
      });
      return c.json({ buyKeys, deviceKeys });
    });
}
