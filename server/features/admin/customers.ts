// The customer's page (issue #16): everything about one e-mail, for the admin answering them.
// A customer is an e-mail (lower-cased) with or without an account. Each section is one bounded
// query (the newest CUSTOMER_SECTION_LIMIT rows and a count), on the indexes on lower(email),
// user id and API key id; the audit trail is found by its targets: the account, its API key, the
// customer's licences and orders (decision 023).
import { count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { CUSTOMER_SECTION_LIMIT, type CustomerOrder, type CustomerView, type LedgerEntry } from "../../../contracts/customers";
import type { Db } from "../../db/client";
import { apiKeys, balanceLedger, licenseHistory, licenses, orders, otpMailOrders, user } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { toOrderDto } from "../orders/dto";
import { planMonthsById } from "../plans/service";
import { toOtpOrderDto } from "../otp-mail/service";
import { revealApiKey } from "../balance/service";
import { toAdminLicenses } from "../licenses/admin-actions";
import { toLicenseHistoryEntry } from "../licenses/service";
import { toAuditEntry, type AuditRow } from "./audit";
import { int, queryRows } from "./rows";

const LIMIT = CUSTOMER_SECTION_LIMIT;
const total = (rows: Array<{ n: number | string }>) => Number(rows[0]?.n ?? 0);

/** audit_log rows whose target is this customer's account, API key, licences or orders, newest first. */
async function auditTrail(db: Db, email: string, accountId: string | null, apiKeyId: string | null) {
  const targets: SQL[] = [
    sql`(a.target_type = 'licence' and a.target_id in (select id::text from licenses where lower(email) = ${email}))`,
    sql`(a.target_type = 'order' and a.target_id in (select id::text from orders where lower(email) = ${email}))`,
    // Whatever names the customer by e-mail alone (no row of theirs to point at).
    sql`(a.target_type = 'customer' and a.target_id = ${email})`,
  ];
  if (accountId) targets.push(sql`(a.target_type = 'user' and a.target_id = ${accountId})`);
  if (apiKeyId) targets.push(sql`(a.target_type = 'api_key' and a.target_id = ${apiKeyId})`);
  const rows = await queryRows<AuditRow & { total: string | number }>(
    db,
    sql`select a.id, a.created_at, a.actor_email, a.action, a.target_type, a.target_id, a.before, a.after, a.note, count(*) over () as total
        from audit_log a
        where ${sql.join(targets, sql` or `)}
        order by a.created_at desc, a.id desc
        limit ${LIMIT}`,
  );
  return {
    items: rows.map((r) => toAuditEntry(r, email)),
    total: int(rows[0]?.total),
  };
}

export async function getCustomer({ db, secret, email: rawEmail, now = new Date() }: { db: Db; secret: string; email: string; now?: Date }): Promise<CustomerView> {
  const email = rawEmail.trim().toLowerCase();
  const [account] = await db
    .select({
      id: user.id,
      name: user.name,
      username: user.username,
      role: user.role,
      superAdmin: user.superAdmin,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
    })
    .from(user)
    // Accounts keep their e-mail lower-cased (better-auth): the unique index finds it.
    .where(eq(user.email, email));
  const accountId = account?.id ?? null;
  const [key] = accountId ? await db.select().from(apiKeys).where(eq(apiKeys.userId, accountId)) : [];

  // Rows carry the e-mail they were bought with; an account's rows also carry its id.
  const licenseWhere = accountId ? or(eq(sql`lower(${licenses.email})`, email), eq(licenses.userId, accountId)) : eq(sql`lower(${licenses.email})`, email);
  const orderWhere = accountId ? or(eq(sql`lower(${orders.email})`, email), eq(orders.userId, accountId)) : eq(sql`lower(${orders.email})`, email);
  const historyWhere = eq(sql`lower(${licenseHistory.email})`, email);

  const [licenseRows, licenseCount, orderRows, orderCount, ledger, ledgerCount, otpRows, otpCount, historyRows, historyCount, audit] = await Promise.all([
    db.select().from(licenses).where(licenseWhere).orderBy(desc(licenses.createdAt), desc(licenses.id)).limit(LIMIT),
    db.select({ n: count() }).from(licenses).where(licenseWhere),
    db.select().from(orders).where(orderWhere).orderBy(desc(orders.createdAt), desc(orders.id)).limit(LIMIT),
    db.select({ n: count() }).from(orders).where(orderWhere),
    key
      ? db
          .select({ entry: balanceLedger, actorEmail: user.email })
          .from(balanceLedger)
          .leftJoin(user, eq(user.id, balanceLedger.actorUserId))
          .where(eq(balanceLedger.apiKeyId, key.id))
          .orderBy(desc(balanceLedger.createdAt), desc(balanceLedger.id))
          .limit(LIMIT)
      : [],
    key ? db.select({ n: count() }).from(balanceLedger).where(eq(balanceLedger.apiKeyId, key.id)) : [],
    accountId ? db.select().from(otpMailOrders).where(eq(otpMailOrders.userId, accountId)).orderBy(desc(otpMailOrders.createdAt), desc(otpMailOrders.id)).limit(LIMIT) : [],
    accountId ? db.select({ n: count() }).from(otpMailOrders).where(eq(otpMailOrders.userId, accountId)) : [],
    db.select().from(licenseHistory).where(historyWhere).orderBy(desc(licenseHistory.changeDate), desc(licenseHistory.id)).limit(LIMIT),
    db.select({ n: count() }).from(licenseHistory).where(historyWhere),
    auditTrail(db, email, accountId, key?.id ?? null),
  ]);

  if (!account && !total(licenseCount) && !total(orderCount)) throw new AppError("NOT_FOUND", "No customer has this e-mail: no account, no licence, no order.");
  const orderMonths = await planMonthsById(db, orderRows.map((o) => o.planId));

  return {
    email,
    account: account ? { ...account, createdAt: account.createdAt?.toISOString() ?? null } : null,
    licences: { items: await toAdminLicenses(db, licenseRows, now), total: total(licenseCount) },
    orders: {
      items: orderRows.map(
        (o): CustomerOrder => ({ ...toOrderDto(o, orderMonths), provider: o.provider, providerRef: o.providerRef, refundedMills: o.refundedMills, deviceKey: o.deviceKey }),
      ),
      total: total(orderCount),
    },
    balance: {
      apiKey: key ? { id: key.id, keyEnd: revealApiKey(secret, key).slice(-4), balanceMills: key.balanceMills, isActive: key.isActive, createdAt: key.createdAt.toISOString() } : null,
      ledger: {
        items: ledger.map(
          ({ entry, actorEmail }): LedgerEntry => ({
            id: entry.id,
            createdAt: entry.createdAt.toISOString(),
            deltaMills: entry.deltaMills,
            balanceAfterMills: entry.balanceAfterMills,
            reason: entry.reason,
            reference: entry.reference,
            note: entry.note,
            actorEmail: actorEmail ?? null,
          }),
        ),
        total: total(ledgerCount),
      },
    },
    otpOrders: { items: otpRows.map(toOtpOrderDto), total: total(otpCount) },
    history: {
      items: historyRows.map(toLicenseHistoryEntry),
      total: total(historyCount),
    },
    audit,
  };
}
