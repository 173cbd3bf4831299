// Role changes: the CLI (setUserRole) and the User Management screen (changeUserRole), always audited;
// the reseller flag (setReseller, decision 080) and a second factor's reset, likewise.
import { asc, eq, sql } from "drizzle-orm";
import { ROLE_MESSAGES, TWO_FACTOR_RESET_MESSAGES } from "../../../contracts/admin";
import type { Db, Tx } from "../../db/client";
import { auditLog, passkey, session, twoFactor, user } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { enqueueEmail } from "../../providers/email/outbox";
import { PROFILE_TWO_FACTOR } from "../../../contracts/app-routes";

export interface SetUserRoleInput {
  db: Db;
  email: string;
  role: "user" | "admin";
  superAdmin: boolean;
  actor: { id?: string; email: string };
}

export async function setUserRole({ db, email, role, superAdmin, actor }: SetUserRoleInput) {
  if (superAdmin && role !== "admin") throw new AppError("VALIDATION_FAILED", "The super-admin flag needs the admin role.", [{ path: "superAdmin", message: "The super-admin flag needs the admin role." }]);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: user.id, email: user.email, role: user.role, superAdmin: user.superAdmin })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
      .for("update");
    if (!found) throw new AppError("NOT_FOUND", `No user with the e-mail ${email}.`);
    await writeRoleChange(tx, { actor, target: found, role, superAdmin });
    return { id: found.id, email: found.email, role, superAdmin };
  });
}

export interface ChangeUserRoleInput {
  db: Db;
  userId: string;
  role: "user" | "admin";
  actor: { id: string; email: string };
}

const UUID_OR_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** A user as the admin console lists and returns them. */
export const ADMIN_USER_FIELDS = {
  id: user.id,
  email: user.email,
  name: user.name,
  username: user.username,
  role: user.role,
  superAdmin: user.superAdmin,
  reseller: user.reseller,
  twoFactorEnabled: user.twoFactorEnabled,
  passkeyEnabled: user.passkeyEnabled,
  createdAt: user.createdAt,
};

/**
 * User Management's role dropdown (user | admin). Rules: nobody removes their own admin role, and
 * the last super-admin keeps it. Demoting an admin also clears the super-admin flag (it needs the
 * admin role); promoting never grants it (the CLI does). Every super-admin row is locked first, in
 * id order, so two super-admins demoting each other at once cannot both succeed (nor deadlock).
 * Setting the role a user already has changes nothing and writes no audit row.
 */
export async function changeUserRole({ db, userId, role, actor }: ChangeUserRoleInput) {
  if (!UUID_OR_ID.test(userId)) throw new AppError("NOT_FOUND", ROLE_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const superAdmins = await tx.select({ id: user.id }).from(user).where(eq(user.superAdmin, true)).orderBy(asc(user.id)).for("update");
    const [found] = await tx
      .select(ADMIN_USER_FIELDS)
      .from(user)
      .where(eq(user.id, userId))
      .for("update");
    if (!found) throw new AppError("NOT_FOUND", ROLE_MESSAGES.notFound);
    const superAdmin = role === "admin" ? found.superAdmin : false;
    if (found.role === role && found.superAdmin === superAdmin) return { user: found, changed: false };
    if (found.id === actor.id && role !== "admin") throw new AppError("SELF_DEMOTION", ROLE_MESSAGES.selfDemotion);
    if (found.superAdmin && !superAdmin && superAdmins.length <= 1) throw new AppError("LAST_SUPER_ADMIN", ROLE_MESSAGES.lastSuperAdmin);
    await writeRoleChange(tx, { actor, target: found, role, superAdmin });
    return { user: { ...found, role, superAdmin }, changed: true };
  });
}

/** The role change and its audit row (who, what, before and after), in the caller's transaction. */
async function writeRoleChange(
  tx: Tx,
  change: {
    actor: { id?: string | null; email: string };
    target: { id: string; role: "user" | "admin"; superAdmin: boolean };
    role: "user" | "admin";
    superAdmin: boolean;
  },
) {
  const { actor, target, role, superAdmin } = change;
  await tx.update(user).set({ role, superAdmin, updatedAt: new Date() }).where(eq(user.id, target.id));
  await tx.insert(auditLog).values({
    actorUserId: actor.id ?? null,
    actorEmail: actor.email,
    action: "user.role",
    targetType: "user",
    targetId: target.id,
    before: { role: target.role, superAdmin: target.superAdmin },
    after: { role, superAdmin },
  });
}

/**
 * User Management's Reseller switch (decision 080): a reseller may buy licences in bulk and assign
 * them. Under the user's row lock, so two super-admins flipping it at once leave one audit row
 * per real change; setting what is already so changes nothing and writes no audit row.
 */
export async function setReseller({ db, userId, reseller, actor }: { db: Db; userId: string; reseller: boolean; actor: { id: string; email: string } }) {
  if (!UUID_OR_ID.test(userId)) throw new AppError("NOT_FOUND", ROLE_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const [found] = await tx.select(ADMIN_USER_FIELDS).from(user).where(eq(user.id, userId)).for("update");
    if (!found) throw new AppError("NOT_FOUND", ROLE_MESSAGES.notFound);
    if (found.reseller === reseller) return { user: found, changed: false };
    await tx.update(user).set({ reseller, updatedAt: new Date() }).where(eq(user.id, userId));
    await tx.insert(auditLog).values({
      actorUserId: actor.id,
      actorEmail: actor.email,
      action: "user.reseller",
      targetType: "user",
      targetId: userId,
      before: { reseller: found.reseller },
      after: { reseller },
    });
    return { user: { ...found, reseller }, changed: true };
  });
}

/**
 * A super-admin resets someone's second factor (a lost phone or security key): the authenticator,
 * backup codes and passkeys are removed and every session of theirs ends, so whoever holds one
 * must sign in again and, for the admin console, set up a factor again. Audited. One's own is
 * turned off in Profile.
 */
export async function resetTwoFactor({ db, userId, actor, baseUrl, shopTimeZone }: { db: Db; userId: string; actor: { id: string; email: string }; baseUrl: string; shopTimeZone: string }) {
  if (!UUID_OR_ID.test(userId)) throw new AppError("NOT_FOUND", ROLE_MESSAGES.notFound);
  if (userId === actor.id) throw new AppError("SELF_RESET", TWO_FACTOR_RESET_MESSAGES.self);
  return db.transaction(async (tx) => {
    const [found] = await tx.select(ADMIN_USER_FIELDS).from(user).where(eq(user.id, userId)).for("update");
    if (!found) throw new AppError("NOT_FOUND", ROLE_MESSAGES.notFound);
    const removed = await tx.delete(twoFactor).where(eq(twoFactor.userId, userId)).returning({ id: twoFactor.id });
    // user.passkey_enabled follows (the passkey table's trigger, in this transaction).
    const passkeys = await tx.delete(passkey).where(eq(passkey.userId, userId)).returning({ id: passkey.id });
    if (!found.twoFactorEnabled && removed.length === 0 && passkeys.length === 0) return { user: found, changed: false };
    await tx.update(user).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(user.id, userId));
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.insert(auditLog).values({
      actorUserId: actor.id,
      actorEmail: actor.email,
      action: "user.two_factor_reset",
      targetType: "user",
      targetId: userId,
      before: { twoFactorEnabled: found.twoFactorEnabled, passkeys: passkeys.length },
      after: { twoFactorEnabled: false, passkeys: 0 },
      note: "Authenticator, backup codes and passkeys removed; every session signed out",
    });
    // The owner hears of it at once, in the same transaction (decision 037).
    await enqueueEmail(tx, {
      to: found.email,
      template: "security-notice",
      props: { kind: "two-factor-reset", at: new Date().toISOString(), securityUrl: new URL(PROFILE_TWO_FACTOR, baseUrl).toString() },
      timeZone: shopTimeZone,
    });
    return { user: { ...found, twoFactorEnabled: false, passkeyEnabled: false }, changed: true };
  });
}
