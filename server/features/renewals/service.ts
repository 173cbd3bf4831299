// Renewals (decision 026): a licence's renewal checkout, bound to the licence id on the server,
// started by its owner from the dashboard or by anyone holding a reminder's signed link (the
// payer of that link is the owner: the order is the owner's). Payment extends that licence from
// its current expiry, or grows the term of one not yet activated (orders/fulfil.ts).
import { and, eq } from "drizzle-orm";
import type { CheckoutResponse, CheckoutReturnPage } from "../../../contracts/orders";
import type { Renewal } from "../../../contracts/renewals";
import type { Db } from "../../db/client";
import { licenses, plans, user } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Language } from "../../../contracts/languages";
import { createRenewalOrder } from "../orders/checkout";
import type { OrdersDeps } from "../orders/deps";
import { listPlans } from "../plans/service";

type LicenseRow = typeof licenses.$inferSelect;

async function licenseById(db: Db, id: string): Promise<LicenseRow | null> {
  const [row] = await db.select().from(licenses).where(eq(licenses.id, id));
  return row ?? null;
}

/** The market whose price list the owner renews from: the licence's own plan's (local by default). */
async function marketOf(db: Db, license: LicenseRow) {
  const [plan] = license.planId ? await db.select({ market: plans.market }).from(plans).where(eq(plans.id, license.planId)) : [];
  return plan?.market ?? "local";
}

export async function describeRenewal(db: Db, license: LicenseRow): Promise<Renewal> {
  const [plan] = license.planId ? await db.select({ title: plans.title, months: plans.months }).from(plans).where(eq(plans.id, license.planId)) : [];
  return {
    licenceId: license.id,
    name: license.name,
    planTitle: plan?.title ?? null,
    planMonths: plan?.months ?? null,
    email: license.email,
    expireDate: license.expireDate?.toISOString() ?? null,
    termDays: license.termDays,
    renewable: !license.revokedAt,
    plans: await listPlans({ db, market: await marketOf(db, license) }),
  };
}

/** The signed-in owner's licence (another user's answers NOT_FOUND, as if it did not exist). */
export async function ownLicense(db: Db, userEmail: string, id: string): Promise<LicenseRow> {
  const [row] = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
    ? await db.select().from(licenses).where(and(eq(licenses.id, id), eq(licenses.email, userEmail.trim().toLowerCase())))
    : [];
  if (!row) throw new AppError("NOT_FOUND", "No such licence");
  return row;
}

/** The licence a genuine token names. */
export async function tokenLicense(db: Db, licenseId: string): Promise<LicenseRow> {
  const row = await licenseById(db, licenseId);
  if (!row) throw new AppError("NOT_FOUND", "This renewal link is no longer valid");
  return row;
}

export async function startRenewalCheckout(
  deps: OrdersDeps,
  license: LicenseRow,
  input: { planId: string; returnTo?: CheckoutReturnPage; discountCode?: string },
  locale: Language,
  /** The reminder link it was started from: the return goes back to that link's page. */
  renewLink?: string,
): Promise<CheckoutResponse> {
  if (license.revokedAt) throw new AppError("LICENSE_REVOKED", "This licence was revoked and cannot be renewed");
  const market = await marketOf(deps.db, license);
  const [owner] = license.userId
    ? await deps.db.select({ id: user.id, name: user.name }).from(user).where(eq(user.id, license.userId))
    : await deps.db.select({ id: user.id, name: user.name }).from(user).where(eq(user.email, license.email));
  return createRenewalOrder(deps, {
    licenceId: license.id,
    planId: input.planId,
    market,
    email: license.email,
    userId: owner?.id ?? null,
    name: owner?.name,
    returnTo: input.returnTo ?? "license-keys",
    locale,
    renewLink,
    discountCode: input.discountCode,
  });
}
