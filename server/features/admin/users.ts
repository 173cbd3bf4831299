// User Management's list: searched (e-mail, username, name; case-insensitive) and paged by the database.
import { count, desc, ilike, or } from "drizzle-orm";
import type { UserList, UserListQuery } from "../../../contracts/admin";
import type { Db } from "../../db/client";
import { user } from "../../db/schema";
import { ADMIN_USER_FIELDS } from "../users/service";
import { escapeLike } from "./rows";

export async function listUsers({ db, query }: { db: Db; query: UserListQuery }): Promise<UserList> {
  const term = escapeLike(query.search);
  const where = term
    ? or(ilike(user.email, `%${term}%`), ilike(user.name, `%${term}%`), ilike(user.username, `%${term}%`))
    : undefined;
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
