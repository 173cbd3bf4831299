// Role changes: one function for the CLI and (later) the User Management screen, always audited.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLog, user } from "../../db/schema";
import { AppError } from "../../lib/errors";

export interface SetUserRoleInput {
  db: Db;
  email: string;
  role: "user" | "admin";
  superAdmin: boolean;
  actor: { id?: string; email: string };
}

export async function setUserRole({ db, email, role, superAdmin, actor }: SetUserRoleInput) {
  if (superAdmin && role !== "admin") throw new AppError("BAD_REQUEST", "The super-admin flag needs the admin role.");
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: user.id, email: user.email, role: user.role, superAdmin: user.superAdmin })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
      .for("update");
    if (!found) throw new AppError("NOT_FOUND", `No user with the e-mail ${email}.`);
    await tx.update(user).set({ role, superAdmin, updatedAt: new Date() }).where(eq(user.id, found.id));
    await tx.insert(auditLog).values({
      actorUserId: actor.id ?? null,
      actorEmail: actor.email,
      action: "user.role",
      targetType: "user",
      targetId: found.id,
      before: { role: found.role, superAdmin: found.superAdmin },
      after: { role, superAdmin },
    });
    return { id: found.id, email: found.email, role, superAdmin };
  });
}
