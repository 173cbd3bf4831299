// User Management's list: searched (e-mail, username, name; case-insensitive) and paged by the database.
import { count, desc, type SQL } from "drizzle-orm";
import { boundedCount, type BoundedCount } from "../../db/paging";
import type { UserList, UserListQuery } from "../../../contracts/admin";
import type { Db } from "../../db/client";
import { user } from "../../db/schema";
import { ADMIN_USER_FIELDS } from "../users/service";
import { textSearch } from "../../db/text-search";

export async function listUsers({ db, query }: { db: Db; query: UserListQuery }): Promise<UserList> {
  const where = textSearch(query.search, { anywhere: [user.email, user.name, user.username], prefix: [user.email] });
  const [rows, total] = await Promise.all([
    db
      .select(ADMIN_USER_FIELDS)
      .from(user)
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    usersMatching(db, where),
  ]);
  return {
    users: rows.map((r) => ({ ...r, createdAt: r.createdAt ? r.createdAt.toISOString() : null })),
    ...total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * How many users a search matches: exact up to EXACT_COUNT_LIMIT, else the planner's estimate
 * (decision 059), as the transactions list does; every user without a search, exactly.
 */
export async function usersMatching(db: Db, where: SQL | undefined): Promise<BoundedCount> {
  if (where) return boundedCount(db, user, where);
  const [row] = await db.select({ n: count() }).from(user);
  return { total: Number(row?.n ?? 0), totalIsEstimate: false };
}
