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

type LicenceRow = typeof licenses.$inferSelect;

async function licenceById(db: Db, id: string): Promise<LicenceRow | null> {
  const [row] = await db.select().from(licenses).where(eq(licenses.id, id));
  return row ?? null;
}

/** The market whose price list the owner renews from: the licence's own plan's (local by default). */
async function marketOf(db: Db, licence: LicenceRow) {
  const [plan] = licence.planId ? await db.select({ market: plans.market }).from(plans).where(eq(plans.id, licence.planId)) : [];
  return plan?.market ?? "local";
}

export async function describeRenewal(db: Db, licence: LicenceRow): Promise<Renewal> {
  const [plan] = licence.planId ? await db.select({ title: plans.title, months: plans.months }).from(plans).where(eq(plans.id, licence.planId)) : [];
  return {
    licenceId: licence.id,
    name: licence.name,
    planTitle: plan?.title ?? null,
    planMonths: plan?.months ?? null,
    email: licence.email,
    expireDate: licence.expireDate?.toISOString() ?? null,
    termDays: licence.termDays,
    renewable: !licence.revokedAt,
    plans: await listPlans({ db, market: await marketOf(db, licence) }),
  };
}

/** The signed-in owner's licence (another user's answers NOT_FOUND, as if it did not exist). */
export async function ownLicence(db: Db, userEmail: string, id: string): Promise<LicenceRow> {
  const [row] = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
    ? await db.select().from(licenses).where(and(eq(licenses.id, id), eq(licenses.email, userEmail.trim().toLowerCase())))
    : [];
  if (!row) throw new AppError("NOT_FOUND", "No such licence");
  return row;
}

/** The licence a genuine token names. */
export async function tokenLicence(db: Db, licenceId: string): Promise<LicenceRow> {
  const row = await licenceById(db, licenceId);
  if (!row) throw new AppError("NOT_FOUND", "This renewal link is no longer valid");
  return row;
}

export async function startRenewalCheckout(
  deps: OrdersDeps,
  licence: LicenceRow,
  input: { planId: string; returnTo?: CheckoutReturnPage },
  locale: Language,
  /** The reminder link it was started from: the return goes back to that link's page. */
  renewLink?: string,
): Promise<CheckoutResponse> {
  if (licence.revokedAt) throw new AppError("LICENSE_REVOKED", "This licence was revoked and cannot be renewed");
  const market = await marketOf(deps.db, licence);
  const [owner] = licence.userId
    ? await deps.db.select({ id: user.id, name: user.name }).from(user).where(eq(user.id, licence.userId))
    : await deps.db.select({ id: user.id, name: user.name }).from(user).where(eq(user.email, licence.email));
  return createRenewalOrder(deps, {
    licenceId: licence.id,
    planId: input.planId,
    market,
    email: licence.email,
    userId: owner?.id ?? null,
    name: owner?.name,
    returnTo: input.returnTo ?? "license-keys",
    locale,
    renewLink,
  });
}
