// The admin shell's search box (issue #16): one term finds customers. A term with the shape of a
// buy key, a device key or an API key is looked up exactly (a buy key's first 8+ characters by prefix) (through a unique index, or the key's
// hash: keys are never decrypted to be searched); one that may be a payment reference (tran_id) is looked up
// exactly first; anything else is a case-insensitive part of an e-mail or a name, on accounts and
// on the e-mails of licences and orders without an account. Every query is bounded (LIMIT) and
// plain enough for trigram indexes on those columns to serve it later.
import { and, eq, inArray, isNull, like, sql, type SQL } from "drizzle-orm";
import { API_KEY_LENGTH } from "../../../contracts/account";
import { DEVICE_KEY_MARKER } from "../../../contracts/licenses";
import { SEARCH_LIMIT, type CustomerHit, type SearchMatch } from "../../../contracts/customers";
import type { Db } from "../../db/client";
import { apiKeys, licenses, orders, user } from "../../db/schema";
import { hashApiKey } from "../../lib/crypto";
import { textSearch } from "../../db/text-search";
import { queryRows } from "../../db/sql-array";

/** generateBuyKey's shape ("KS-7QX4M-9HTRW-KD2PA-M3XVE"), any letter case. */
const BUY_KEY = /^KS(-[A-Z0-9]{5}){4}$/i;
/** Its first part or more ("KS-7QX4M", "ks-7qx4m-9h"): 8 characters at least, as a customer reads it out (#29 item 8). */
const BUY_KEY_PREFIX = /^KS-[A-Z0-9]{5}(-[A-Z0-9]{1,5}){0,3}-?$/i;
const API_KEY = new RegExp(`^[A-Za-z0-9]{${API_KEY_LENGTH}}$`);
/** What may be a payment reference, the tran_id (up to 20 of [A-Za-z0-9-]): one index lookup, then text if it names no order. */
const TRAN_ID = /^[A-Za-z0-9-]{6,20}$/;

export type TermKind = "buyKey" | "deviceKey" | "apiKey" | "tranId" | "text";

/** What a search term looks like (the first that fits). */
export function termKind(term: string): TermKind {
  if (BUY_KEY.test(term)) return "buyKey";
  if (term.includes(DEVICE_KEY_MARKER)) return "deviceKey";
  if (API_KEY.test(term)) return "apiKey";
  if (TRAN_ID.test(term)) return "tranId";
  return "text";
}

interface Account {
  id: string;
  email: string;
  name: string;
}

/** Accounts for these e-mails (lower-cased), in one query. */
async function accountsFor(db: Db, emails: string[]): Promise<Map<string, Account>> {
  if (!emails.length) return new Map();
  const rows = await db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(inArray(user.email, emails))
    .limit(SEARCH_LIMIT);
  return new Map(rows.map((r) => [r.email.toLowerCase(), r]));
}

function hit(email: string, matchedBy: SearchMatch, account?: Account): CustomerHit {
  return {
    email: email.toLowerCase(),
    ...(account?.name ? { name: account.name } : {}),
    ...(account ? { accountId: account.id } : {}),
    matchedBy,
  };
}

/** The customers owning what an exact term names (a licence, an order, an API key). */
async function exact(db: Db, term: string, kind: Exclude<TermKind, "text">): Promise<CustomerHit[]> {
  let emails: string[] = [];
  switch (kind) {
    case "buyKey":
      emails = (await db.select({ email: licenses.email }).from(licenses).where(eq(licenses.buyKey, term.toUpperCase())).limit(1)).map((r) => r.email);
      break;
    case "deviceKey":
      // Device keys keep their case; a key is bound to one licence (the spec's expirekey_ rows aside).
      emails = (await db.select({ email: licenses.email }).from(licenses).where(eq(licenses.deviceKey, term)).limit(SEARCH_LIMIT)).map((r) => r.email);
      break;
    case "tranId":
      emails = (await db.select({ email: orders.email }).from(orders).where(inArray(orders.tranId, [...new Set([term, term.toUpperCase()])])).limit(2)).map((r) => r.email);
      break;
    case "apiKey": {
      const [owner] = await db
        .select({ id: user.id, email: user.email, name: user.name })
        .from(apiKeys)
        .innerJoin(user, eq(user.id, apiKeys.userId))
        .where(eq(apiKeys.keyHash, hashApiKey(term.toUpperCase())));
      return owner ? [hit(owner.email, "apiKey", owner)] : [];
    }
  }
  const unique = [...new Set(emails.map((e) => e.toLowerCase()))];
  const accounts = await accountsFor(db, unique);
  return unique.map((email) => hit(email, kind, accounts.get(email)));
}

/** Rows read to find a search's buyers without an account: a term most rows match stops here (decision 059). */
const BUYER_ROWS_READ = 1_000;

/**
 * Up to SEARCH_LIMIT distinct e-mails among the first BUYER_ROWS_READ matching rows: exact for a
 * term with fewer matches, and a term that matches most rows is not made distinct over all of them.
 */
async function buyersWithoutAccount(db: Db, table: typeof licenses | typeof orders, email: typeof licenses.email | typeof orders.email, where: SQL | undefined) {
  return queryRows<{ email: string }>(
    db,
    sql`select distinct e as email from (select lower(${email}) as e from ${table} where ${where} limit ${BUYER_ROWS_READ}) matched limit ${SEARCH_LIMIT}`,
  );
}

/** Part of an e-mail or a name: accounts, then the e-mails of licences and orders that have none. */
async function text(db: Db, term: string): Promise<CustomerHit[]> {
  const [accounts, licenseEmails, orderEmails] = await Promise.all([
    db
      .select({ id: user.id, email: user.email, name: user.name })
      .from(user)
      .where(textSearch(term, { anywhere: [user.email, user.name], prefix: [user.email] }))
      .orderBy(user.email)
      .limit(SEARCH_LIMIT),
    // Buyers without an account: the rows carry no user id (a licence of an account carries it).
    buyersWithoutAccount(db, licenses, licenses.email, and(isNull(licenses.userId), textSearch(term, { anywhere: [licenses.email], prefix: [licenses.email] }))),
    buyersWithoutAccount(db, orders, orders.email, and(isNull(orders.userId), textSearch(term, { anywhere: [orders.email], prefix: [orders.email] }))),
  ]);
  const lower = term.toLowerCase();
  const found = new Map<string, CustomerHit>();
  for (const a of accounts) found.set(a.email.toLowerCase(), hit(a.email, a.email.toLowerCase().includes(lower) ? "email" : "name", a));
  const others = [...new Set([...licenseEmails, ...orderEmails].map((r) => r.email))].filter((e) => !found.has(e));
  // A buyer who signed up later still has rows without a user id: they are the account.
  const late = await accountsFor(db, others);
  for (const email of others) found.set(email, hit(email, "email", late.get(email)));
  return [...found.values()].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0)).slice(0, SEARCH_LIMIT);
}

/** The customers whose buy keys start with `prefix` (a left-anchored LIKE on the key: letters, digits and dashes only). */
async function buyKeyPrefix(db: Db, prefix: string): Promise<CustomerHit[]> {
  const rows = await db
    .selectDistinct({ email: sql<string>`lower(${licenses.email})` })
    .from(licenses)
    .where(like(licenses.buyKey, `${prefix.toUpperCase()}%`))
    .limit(SEARCH_LIMIT);
  const emails = rows.map((r) => r.email).sort();
  const accounts = await accountsFor(db, emails);
  return emails.map((email) => hit(email, "buyKey", accounts.get(email)));
}

export async function searchCustomers(db: Db, rawTerm: string): Promise<CustomerHit[]> {
  const term = rawTerm.trim();
  const kind = termKind(term);
  // The first part of a buy key: its licences' owners; a term of that shape that starts no key goes on as before.
  if (kind !== "buyKey" && BUY_KEY_PREFIX.test(term)) {
    const byPrefix = await buyKeyPrefix(db, term);
    if (byPrefix.length) return byPrefix;
  }
  if (kind === "text") return text(db, term);
  const found = await exact(db, term, kind);
  // "anna2024" may be a tran_id or a name: a tran_id that names no order is searched as text.
  if (kind === "tranId" && !found.length) return text(db, term);
  return found;
}
