// User Management's list: searched (e-mail, username, name; case-insensitive) and paged by the database.
import { count, desc } from "drizzle-orm";
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
    db.select({ n: count() }).from(user).where(where),
  ]);
  return {
    users: rows.map((r) => ({ ...r, createdAt: r.createdAt ? r.createdAt.toISOString() : null })),
    total: Number(total[0]?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
