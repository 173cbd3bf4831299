// Public API authentication: `Authorization: Bearer <API key>` (never a query-string key).
// The key resolves to the same request context a session does, so services serve both.
import { and, eq, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Db } from "../db/client";
import { apiKeys, user } from "../db/schema";
import { hashApiKey } from "../lib/crypto";
import { languageOr } from "../../contracts/languages";
import { AppError } from "../lib/errors";
import type { AppEnv } from "./context";

// Every public API call starts here: the key and its owner in one prepared round trip.
const statements = new WeakMap<Db, ReturnType<typeof prepareLookup>>();
function prepareLookup(db: Db) {
  return db
    .select({
      apiKeyId: apiKeys.id,
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      superAdmin: user.superAdmin,
      emailVerified: user.emailVerified,
      language: user.language,
    })
    .from(apiKeys)
    .innerJoin(user, eq(user.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, sql.placeholder("hash")), eq(apiKeys.isActive, true)))
    .prepare("api_key_owner");
}

/** The active key's owner for a raw API key, or undefined (the Kopeechka door's `token=`). */
export async function findApiKeyOwner(db: Db, key: string) {
  if (!/^[A-Za-z0-9]{1,128}$/.test(key)) return undefined;
  let lookup = statements.get(db);
  if (!lookup) statements.set(db, (lookup = prepareLookup(db)));
  const [found] = await lookup.execute({ hash: hashApiKey(key) });
  return found;
}

export function apiKeyContext(db: Db) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    // RFC 7235: the scheme's name is case-insensitive (`bearer`, `BEARER`, … all name it).
    const match = /^Bearer\s+([A-Za-z0-9]{1,128})$/i.exec(header.trim());
    if (!match) throw new AppError("UNAUTHENTICATED", "Send your API key as `Authorization: Bearer <key>`.");
    let lookup = statements.get(db);
    if (!lookup) statements.set(db, (lookup = prepareLookup(db)));
    const [found] = await lookup.execute({ hash: hashApiKey(match[1]!) });
    if (!found) throw new AppError("UNAUTHENTICATED", "Invalid API key.");
    const { apiKeyId, role, language, ...owner } = found;
    // An API key is its own credential for the public API: never an admin, no second factor asked.
    c.set("ctx", { user: { ...owner, role: "user", accountRole: role, reseller: false, twoFactorEnabled: false, passkeyEnabled: false, secondFactorVerified: false, language: languageOr(language) }, via: "api-key", apiKeyId });
    await next();
  });
}
