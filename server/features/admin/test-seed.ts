// Test data for the admin suites, written straight into the database (triggers included).
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { CurrentUser } from "../../auth/context";
import type { Db } from "../../db/client";
import { otpMailOrders, orders, plans, user } from "../../db/schema";
import { createTestContext, type SignedInUser, type TestContext } from "../../test/harness";

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;

/** A super-admin past the second factor, as the services see the caller (list and totals tests). */
export const SUPER_ADMIN_CALLER: CurrentUser = {
  id: "admin",
  email: "admin@example.com",
  name: "",
  role: "admin",
  accountRole: "admin",
  superAdmin: true,
  reseller: false,
  emailVerified: true,
  twoFactorEnabled: true,
  passkeyEnabled: false,
  secondFactorVerified: true,
  language: "en",
};

/** A fresh test context and a super-admin signed in to it (past the second factor). */
export async function superAdminContext(): Promise<{ t: TestContext; boss: SignedInUser }> {
  const t = await createTestContext();
  return { t, boss: await t.signedInUser({ role: "admin", superAdmin: true }) };
}

export async function insertUser(db: Db, fields: { email?: string; name?: string; username?: string | null; createdAt?: Date; role?: "user" | "admin"; superAdmin?: boolean } = {}) {
  const [row] = await db
    .insert(user)
    .values({
      id: randomUUID(),
      email: fields.email ?? `seed-${unique()}@example.com`,
      name: fields.name ?? "",
      username: fields.username ?? null,
      emailVerified: true,
      role: fields.role ?? "user",
      superAdmin: fields.superAdmin ?? false,
      createdAt: fields.createdAt ?? new Date(),
    })
    .returning();
  return row!;
}

export interface SeedOrder {
  kind: "plan" | "topup" | "tool";
  planId?: string;
  amountMills?: number;
  status?: "pending" | "paid" | "failed" | "cancelled" | "refunded";
  email?: string;
  userId?: string | null;
  createdAt?: Date;
  paidAt?: Date | null;
  buyKey?: string;
}

export async function insertOrders(db: Db, list: SeedOrder[]) {
  const catalogue = new Map((await db.select().from(plans)).map((p) => [p.id, p]));
  const rows = list.map((o) => {
    const plan = o.planId ? catalogue.get(o.planId) : undefined;
    const status = o.status ?? "paid";
    const createdAt = o.createdAt ?? o.paidAt ?? new Date();
    return {
      tranId: `T${unique().toUpperCase()}`.slice(0, 20),
      kind: o.kind,
      userId: o.userId ?? null,
      email: o.email ?? `buyer-${unique()}@example.com`,
      planId: plan?.id ?? null,
      planTitle: plan?.title ?? null,
      amountMills: o.amountMills ?? plan?.priceMills ?? 1000,
      status,
      createdAt,
      updatedAt: createdAt,
      paidAt: o.paidAt === undefined ? (status === "paid" ? createdAt : null) : o.paidAt,
      fulfilment: o.buyKey ? { buyKey: o.buyKey } : null,
    };
  });
  return db.insert(orders).values(rows).returning();
}

export async function insertOtpOrder(
  db: Db,
  o: { apiKeyId: string; userId?: string | null; address?: string; service?: string; status?: "pending" | "success" | "failed"; priceMills?: number; costMills?: number; createdAt?: Date; codes?: string },
) {
  const createdAt = o.createdAt ?? new Date();
  const [row] = await db
    .insert(otpMailOrders)
    .values({
      apiKeyId: o.apiKeyId,
      userId: o.userId ?? null,
      address: o.address ?? `box-${unique()}@gmail.com`,
      supplier: "test",
      supplierRef: `ref-${unique()}`,
      service: o.service ?? "facebook",
      priceMills: o.priceMills ?? 45,
      costMills: o.costMills ?? 42,
      codes: o.codes ?? (o.status === "success" ? "123456" : ""),
      status: o.status ?? "pending",
      balanceBeforeMills: 1000,
      balanceAfterMills: 1000 - (o.priceMills ?? 45),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + 20 * 60_000),
    })
    .returning();
  return row!;
}

export async function userIdOf(db: Db, email: string) {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}
