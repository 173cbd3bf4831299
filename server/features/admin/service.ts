// Admin read models: SQL aggregates and server-side paging, never rows paged into the browser.
import { count, desc, eq, gt, ilike, or, sql, sum } from "drizzle-orm";
import type { Db } from "../../db/client";
import { licenses, orders, user } from "../../db/schema";
import type { AdminStats, UserList, UserListQuery } from "../../../contracts/admin";

export async function getAdminStats({ db, now = new Date() }: { db: Db; now?: Date }): Promise<AdminStats> {
  const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const startOfMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [users, active, sales] = await Promise.all([
    db.select({ n: count() }).from(user),
    db.select({ n: sql<number>`count(distinct lower(${licenses.email}))::int` }).from(licenses).where(gt(licenses.expireDate, now)),
    db
      .select({
        today: sum(sql`case when ${orders.paidAt} >= ${startOfDay} then ${orders.amountMills} else 0 end`),
        month: sum(sql`case when ${orders.paidAt} >= ${startOfMonth} then ${orders.amountMills} else 0 end`),
        all: sum(orders.amountMills),
      })
      .from(orders)
      .where(eq(orders.status, "paid")),
  ]);
  return {
    totalUsers: Number(users[0]?.n ?? 0),
    activeUsers: Number(active[0]?.n ?? 0),
    salesTodayMills: Number(sales[0]?.today ?? 0),
    monthlySalesMills: Number(sales[0]?.month ?? 0),
    allTimeRevenueMills: Number(sales[0]?.all ?? 0),
  };
}

export async function listUsers({ db, query }: { db: Db; query: UserListQuery }): Promise<UserList> {
  const term = query.search.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const where = term
    ? or(ilike(user.email, `%${term}%`), ilike(user.name, `%${term}%`), ilike(user.username, `%${term}%`))
    : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({
        id: user.id,
        email: user.email,
        name: user.name,
        username: user.username,
        role: user.role,
        superAdmin: user.superAdmin,
        createdAt: user.createdAt,
      })
      .from(user)
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(user).where(where),
  ]);
  return {
    users: rows.map((r) => ({ ...r, createdAt: r.createdAt ? r.createdAt.toISOString() : null })),
    total: Number(total[0]?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

