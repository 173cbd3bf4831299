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

/** The answer to a key that is unknown, regenerated or turned off. */
export const invalidApiKey = () => new AppError("UNAUTHENTICATED", "Invalid API key.");

type KeyOwner = NonNullable<Awaited<ReturnType<typeof findApiKeyOwner>>>;

/**
 * The OTP purchase's memo of API key → owner (issue #28 item 1). A purchase was two round trips to
 * the database, the key's owner and the one purchase statement; with the owner remembered it is
 * one. Only a request that checks the key again where it spends may use it: the purchase's debit
 * names the key's hash and requires the key active (`keyHash` in balanceChangeSteps), so a key
 * regenerated or turned off, on any instance, is refused by the very statement that would charge
 * it (401, and the memo forgets it). Every other request (an order, the balance, a reorder) looks
 * the key up as before. What may lag by up to `ttlMs`: the owner's name, e-mail and language.
 */
export class KeyOwnerMemo {
  private readonly owners = new Map<string, { owner: KeyOwner; until: number }>();
  constructor(private readonly options: { ttlMs: number; maxEntries: number; now?: () => number }) {}
  private now() {
    return this.options.now?.() ?? Date.now();
  }
  get(hash: string): KeyOwner | undefined {
    const entry = this.owners.get(hash);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.owner;
    this.owners.delete(hash);
    return undefined;
  }
  set(hash: string, owner: KeyOwner) {
    // The oldest entry goes first when full (a Map iterates in insertion order).
    if (this.owners.size >= this.options.maxEntries) this.owners.delete(this.owners.keys().next().value!);
    this.owners.set(hash, { owner, until: this.now() + this.options.ttlMs });
  }
  forget(hash: string) {
    this.owners.delete(hash);
  }
}

/** The purchase (POST /api/v1/otp/orders) may take its key's owner from a memo; see KeyOwnerMemo. */
export interface PurchaseMemo {
  memo: KeyOwnerMemo;
  appliesTo: (method: string, path: string) => boolean;
}

export function apiKeyContext(db: Db, purchase?: PurchaseMemo) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    // RFC 7235: the scheme's name is case-insensitive (`bearer`, `BEARER`, … all name it).
    const match = /^Bearer\s+([A-Za-z0-9]{1,128})$/i.exec(header.trim());
    if (!match) throw new AppError("UNAUTHENTICATED", "Send your API key as `Authorization: Bearer <key>`.");
    const hash = hashApiKey(match[1]!);
    const memo = purchase?.appliesTo(c.req.method, c.req.path) ? purchase.memo : undefined;
    const remembered = memo?.get(hash);
    let found = remembered;
    if (!found) {
      let lookup = statements.get(db);
      if (!lookup) statements.set(db, (lookup = prepareLookup(db)));
      [found] = await lookup.execute({ hash });
      if (!found) throw invalidApiKey();
      memo?.set(hash, found);
    }
    const { apiKeyId, role, language, ...owner } = found;
    // An API key is its own credential for the public API: never an admin, no second factor asked.
    c.set("ctx", {
      user: { ...owner, role: "user", accountRole: role, reseller: false, twoFactorEnabled: false, passkeyEnabled: false, secondFactorVerified: false, language: languageOr(language) },
      via: "api-key",
      apiKeyId,
      ...(remembered ? { unverifiedKeyHash: hash } : {}),
    });
    await next();
    // The purchase found the remembered key changed or turned off (its statement refused it).
    if (remembered && c.res.status === 401) memo!.forget(hash);
  });
}
