// Creating a checkout: the server prices the order (plans table, or the validated top-up amount),
// stores it pending and returns what the browser does to pay, made by the payment provider (a
// form signed here, say). No secret leaves the server.
import { isUniqueViolation } from "../../db/errors";
import { DEFAULT_LANGUAGE, type Language } from "../../../contracts/languages";
import { TOP_UP_TITLE, type CheckoutResponse, type CheckoutReturnPage } from "../../../contracts/orders";
import type { CurrentUser } from "../../auth/context";
import { orders } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { findActivePlan, planTermsOf, type PlanRow } from "../plans/service";
import type { PlanTerms } from "../../db/schema";
import type { Db, Tx } from "../../db/client";
import { lockDiscount, takeDiscountUse, type PricedDiscount } from "../discounts/rules";
import type { OrdersDeps } from "./deps";
import { toOrderDto, type OrderRow } from "./dto";
import { receiptToken } from "./receipt";
import { bulkUnitPriceMills } from "../../../contracts/reseller";

/** The reconciler's first look at an order whose callback has not come. */
const FIRST_CHECK_MS = 60_000;

export const RETURN_PATHS = {
  plan: "/api/check-transaction-plan",
  topup: "/api/check-transaction-topup",
  tool: "/api/check-transaction-SubscriptionTool",
} as const;

/** The return URL's `to` of a reminder link's renewal: back to /renew/<its link> (provider-routes.ts). */
export const RENEWAL_RETURN = "renewal";

/** The return URL's query for "the customer closed the provider's window" (its cancel URL). */
export const CLOSED_PARAM = "closed";


interface NewOrder {
  kind: OrderRow["kind"];
  /** The buyer's language (the page's, contracts/languages.ts): e-mails to an address without an account follow it. */
  locale: Language;
  userId: string | null;
  email: string;
  planId: string | null;
  planTitle: string;
  /** The plan's length (null: a top-up). */
  planMonths: number | null;
  /** The plan's terms as the checkout opens (null: a top-up): what paying grants, whatever the catalogue says later. */
  planTerms: PlanTerms | null;
  amountMills: number;
  deviceKey?: string | null;
  /** A renewal: the licence this plan order extends (decision 026). */
  renewLicenseId?: string | null;
  /** The buyer's display name (the provider may show it). */
  name?: string;
  /** Extra query for the return URL (the spec's license_key, the tool page variant, the page to return to). */
  returnQuery?: Record<string, string>;
  /** The plan's market (a discount code's rules read it). */
  market?: string;
  /** A discount code entered at the checkout (decision 077): checked and its use taken with the order. */
  discountCode?: string;
  /** A gift (decision 079): the recipient's e-mail, lower case; the licence is theirs. */
  giftEmail?: string | null;
  /** A reseller's bulk order (decision 080): N licences at `unitPriceMills` each; `amountMills` is their total. */
  bulk?: { quantity: number; unitPriceMills: number };
}

/** What an order keeps of its plan as the checkout opens: its price and terms (decision 074). */
function soldAt(plan: PlanRow) {
  return { planId: plan.id, planTitle: plan.title, planMonths: plan.months, planTerms: planTermsOf(plan), amountMills: plan.priceMills, market: plan.market };
}

/** Inserts the order; with a discount code, in one transaction with the code's lock and its use (decision 077). */
async function insertOrder(deps: OrdersDeps, o: NewOrder, now: Date): Promise<OrderRow> {
  const code = o.discountCode;
  if (!code || !o.planId) return withNewTranId(() => insertOrderRow(deps, deps.db, o, now, null));
  const customer = { userId: o.userId, email: o.email };
  return withNewTranId(() =>
    deps.db.transaction(async (tx) => {
      const discount = await lockDiscount(tx, code, { planId: o.planId!, market: o.market ?? "", priceMills: o.amountMills }, customer, now);
      const row = await insertOrderRow(deps, tx, o, now, discount);
      await takeDiscountUse(tx, discount.discountId, row.id, customer, now);
      return row;
    }),
  );
}

async function withNewTranId<T>(insert: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await insert();
    } catch (err) {
      // A tran_id collision (6 random characters within one second) is retried with a new id.
      if (attempt < 3 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

async function insertOrderRow(deps: OrdersDeps, db: Db | Tx, o: NewOrder, now: Date, discount: PricedDiscount | null): Promise<OrderRow> {
  const provider = deps.providers.checkout; // a new checkout: the configured default
  const [row] = await db
    .insert(orders)
    .values({
      tranId: provider.newReference(now),
      provider: provider.id,
      kind: o.kind,
      userId: o.userId,
      email: o.email,
      planId: o.planId,
      planTitle: o.planTitle,
      planTerms: o.planTerms,
      amountMills: discount ? discount.amountMills : o.amountMills,
      discountCode: discount?.code ?? null,
      discountId: discount?.discountId ?? null,
      discountMills: discount?.discountMills ?? 0,
      currency: "USD",
      deviceKey: o.deviceKey ?? null,
      renewLicenseId: o.renewLicenseId ?? null,
      giftEmail: o.giftEmail ?? null,
      quantity: o.bulk?.quantity ?? 1,
      unitPriceMills: o.bulk?.unitPriceMills ?? null,
      locale: o.locale,
      createdAt: now,
      updatedAt: now,
      // The cut-off (decision 060): when the provider stops taking the payment, the reconciler
      // closes the checkout there and cancels the order (no grace: a late approval still pays it).
      expiresAt: new Date(now.getTime() + provider.checkoutLifetimeMinutes * 60_000),
      nextCheckAt: new Date(now.getTime() + FIRST_CHECK_MS),
    })
    .returning();
  return row!;
}

function checkoutFor(deps: OrdersDeps, row: OrderRow, o: NewOrder, now: Date): CheckoutResponse {
  const returnUrl = new URL(`${deps.baseUrl}${RETURN_PATHS[row.kind]}`);
  // The spec's query (req_time, email) plus our tran_id; the endpoint trusts none of it.
  for (const [k, v] of Object.entries({ tran_id: row.tranId, req_time: reqTimeOf(now), email: row.email, ...o.returnQuery })) returnUrl.searchParams.set(k, v);
  // Closing the provider's window sends the browser to the cancel URL: the same return, marked, so
  // the server closes the checkout at the provider instead of leaving the order pending until it expires.
  const cancelUrl = new URL(returnUrl);
  cancelUrl.searchParams.set(CLOSED_PARAM, "1");
  const checkout = deps.providers.of(row).createCheckout({
    reference: row.tranId,
    amountMills: row.amountMills,
    currency: "USD",
    itemTitle: o.planTitle,
    buyer: { email: row.email, name: o.name },
    returnUrl: returnUrl.toString(),
    cancelUrl: cancelUrl.toString(),
    metadata: { plan_title: o.planTitle, is_topup: row.kind === "topup" },
    now,
  });
  return { order: toOrderDto(row, new Map(o.planId && o.planMonths ? [[o.planId, o.planMonths]] : [])), checkout, receipt: receiptToken(deps.secret, row.tranId) };
}

/** The spec's req_time in the return URL: UTC yyyyMMddHHmmss (informational; nothing trusts it). */
const reqTimeOf = (now: Date) => now.toISOString().replace(/\D/g, "").slice(0, 14);

async function create(deps: OrdersDeps, o: NewOrder): Promise<CheckoutResponse> {
  const now = new Date();
  const row = await insertOrder(deps, o, now);
  return checkoutFor(deps, row, o, now);
}

async function pricedPlan(deps: OrdersDeps, planId: string, market?: string) {
  const plan = await findActivePlan({ db: deps.db, id: planId });
  if (!plan || (market && plan.market !== market)) throw new AppError("VALIDATION_FAILED", "Unknown plan", [{ path: "planId", message: "Unknown plan" }]);
  return plan;
}

export async function createPlanCheckout(
  deps: OrdersDeps,
  user: CurrentUser,
  input: { planId: string; market?: string; returnTo?: CheckoutReturnPage; discountCode?: string; giftEmail?: string },
  locale: Language = DEFAULT_LANGUAGE,
) {
  const email = user.email.toLowerCase();
  // A gift goes to someone else (decision 079): to yourself it is a plain purchase, which the customer should choose knowingly.
  // `giftEmail` comes trimmed and lower-cased by GiftEmailSchema (contracts/orders.ts).
  const giftEmail = input.giftEmail ?? null;
  if (giftEmail === email) throw new AppError("GIFT_TO_SELF", undefined, [{ path: "giftEmail", message: "A gift must go to someone else's e-mail address" }]);
  const plan = await pricedPlan(deps, input.planId, input.market);
  const returnQuery = { to: input.returnTo ?? "home" };
  return create(deps, { kind: "plan", locale, userId: user.id, email, ...soldAt(plan), name: user.name, returnQuery, discountCode: input.discountCode, giftEmail });
}

/**
 * A reseller's bulk order (decision 080): N licences of one plan in one payment, each at the plan's
 * price less its volume tier, priced here from the plan as the checkout opens (the order keeps the
 * unit price, as it keeps the plan's terms). No discount code: one price rule per order.
 */
export async function createBulkCheckout(
  deps: OrdersDeps,
  user: CurrentUser,
  input: { planId: string; quantity: number; returnTo?: CheckoutReturnPage },
  locale: Language = DEFAULT_LANGUAGE,
) {
  const plan = await pricedPlan(deps, input.planId);
  const unitPriceMills = bulkUnitPriceMills(plan.priceMills, plan.volumeTiers, input.quantity);
  const sold = { ...soldAt(plan), amountMills: unitPriceMills * input.quantity };
  const returnQuery = { to: input.returnTo ?? "reseller" };
  return create(deps, { kind: "plan", locale, userId: user.id, email: user.email.toLowerCase(), ...sold, name: user.name, returnQuery, bulk: { quantity: input.quantity, unitPriceMills } });
}

/** `amountMills` as TopupMillsSchema let it through: whole cents from $1 to $10,000. */
export async function createTopupCheckout(deps: OrdersDeps, user: CurrentUser, input: { amountMills: number; returnTo?: CheckoutReturnPage }, locale: Language = DEFAULT_LANGUAGE) {
  const { amountMills } = input;
  const returnQuery = { to: input.returnTo ?? "profile" };
  return create(deps, { kind: "topup", locale, userId: user.id, email: user.email.toLowerCase(), planId: null, planTitle: TOP_UP_TITLE, planMonths: null, planTerms: null, amountMills, name: user.name, returnQuery });
}

export async function createToolCheckout(deps: OrdersDeps, input: { planId: string; email: string; deviceKey?: string; variant: "v1" | "v2"; discountCode?: string }, locale: Language = DEFAULT_LANGUAGE) {
  const plan = await pricedPlan(deps, input.planId);
  const deviceKey = input.deviceKey?.trim() || null;
  return create(deps, {
    kind: "tool",
    locale,
    userId: null,
    email: input.email.trim().toLowerCase(),
    ...soldAt(plan),
    deviceKey,
    discountCode: input.discountCode,
    returnQuery: { ...(deviceKey ? { license_key: deviceKey } : {}), v: input.variant === "v2" ? "2" : "1" },
  });
}

/**
 * A renewal of one licence (decision 026): a plan order of the licence's market bound to the
 * licence id here, on the server, by whoever was allowed to start it (its owner, or a reminder's
 * signed link). Paying it extends that licence (fulfil.ts); it is the owner's order.
 */
export async function createRenewalOrder(
  deps: OrdersDeps,
  input: { licenceId: string; planId: string; market: string; email: string; userId: string | null; name?: string; returnTo: CheckoutReturnPage; locale: Language; renewLink?: string; discountCode?: string },
) {
  const plan = await pricedPlan(deps, input.planId, input.market);
  return create(deps, {
    kind: "plan",
    locale: input.locale,
    userId: input.userId,
    email: input.email.toLowerCase(),
    ...soldAt(plan),
    renewLicenseId: input.licenceId,
    name: input.name,
    discountCode: input.discountCode,
    // A reminder link's renewal returns to that link's page, which needs no session and says what
    // was paid and until when the licence now runs (#29 item 1); the link goes with the return.
    returnQuery: input.renewLink ? { to: RENEWAL_RETURN, renew: input.renewLink } : { to: input.returnTo },
  });
}
