// The plan catalogue: the one source of truth for prices, periods, bonuses and features, one entry
// per plan length (PLAN_ENTRIES); every title, period and receipt line comes from the length in
// each language (planTitle, planPeriod), so a new plan is one entry and nothing else (decision
// 041). The server seeds its `plans` table from it and prices every order from that table; the
// web prerenders the pricing section from it. The client never sends a price.
// No zod here: the landing page imports this file and must stay light. Schemas: contracts/plans.ts.
import { planTitle } from "./plan-words";

// The plan words live apart (./plan-words.ts) so that a page naming a plan does not carry the catalogue.
export { PLAN_WORDS, planPeriod, planTitle } from "./plan-words";

export const MARKETS = ["local", "foreign"] as const;
export type Market = (typeof MARKETS)[number];

/** The longest plan a seller may add (contracts/catalogue-admin.ts checks it). */
export const MAX_PLAN_MONTHS = 36;

export const PLAN_FEATURES = [
  "bonusDays",
  "realDevices",
  "emulators",
  "facebookAccounts",
  "scheduler",
  "timeChangeKeys",
  "accountRegistrationCambodia",
  "accountRegistration",
  "accountVerification",
  "customPaidFeatures",
] as const;
export type PlanFeatureId = (typeof PLAN_FEATURES)[number];

export interface PlanFeature {
  id: PlanFeatureId;
  /** For features with a number: bonus days or time-change keys. */
  count?: number;
}

export interface CataloguePlan {
  /** `<market>-<months>m` ("local-3m"): what orders, licences and links name. */
  id: string;
  /** The plan's length: its titles and wording in every language come from it (planTitle). */
  months: number;
  /** The spec's English title ("3 Months"), stored on orders for the spec's lists and CSV. */
  title: string;
  market: Market;
  priceMills: number;
  periodDays: number;
  bonusDays: number;
  keyChanges: number;
  isPopular: boolean;
  sortOrder: number;
  /** Features besides those every plan lists, for this market (kept with the plan: decision 074). */
  extras: PlanExtras;
  features: PlanFeature[];
}

/** A plan's features beyond the ones every plan lists, placed before or after its key changes. */
export interface PlanExtras {
  beforeKeys?: PlanFeatureId[];
  afterKeys?: PlanFeatureId[];
}

/**
 * One entry per plan length, with its price in each market: a new plan (say 6 months) is one
 * more entry here and nothing else (decision 041); its titles, periods and receipts' wording
 * come from `months` in every language.
 */
export interface PlanEntry {
  months: number;
  periodDays: number;
  bonusDays: number;
  keyChanges: number;
  popular?: boolean;
  prices: Record<Market, number>;
  /**
   * Features besides the ones every plan lists (bonus days when it has some, the unlimited ones,
   * its key changes), placed before or after the key changes.
   */
  extras?: { beforeKeys?: PlanFeatureId[]; afterKeys?: (market: Market) => PlanFeatureId[] };
}

export const PLAN_ENTRIES: readonly PlanEntry[] = [
  { months: 1, periodDays: 30, bonusDays: 0, keyChanges: 2, prices: { local: 9_990, foreign: 15_990 }, extras: { beforeKeys: ["scheduler"] } },
  { months: 3, periodDays: 90, bonusDays: 15, keyChanges: 10, popular: true, prices: { local: 29_990, foreign: 47_990 } },
  {
    months: 12,
    periodDays: 365,
    bonusDays: 30,
    keyChanges: 100,
    prices: { local: 119_990, foreign: 179_990 },
    // The local list notes that registration is for Cambodia only; the foreign list omits it.
    extras: { afterKeys: (market) => [market === "local" ? "accountRegistrationCambodia" : "accountRegistration", "accountVerification", "customPaidFeatures"] },
  },
];

const unlimited: PlanFeature[] = [{ id: "realDevices" }, { id: "emulators" }, { id: "facebookAccounts" }];

/**
 * A plan's feature list from its terms: its bonus days when it has some, the unlimited ones, its
 * extras before the key changes, its key changes, its extras after them. The one place the list is
 * made, for the code's catalogue and for plans the seller edits (decision 074).
 */
export function planFeatures(plan: { bonusDays: number; keyChanges: number; extras?: PlanExtras | null }): PlanFeature[] {
  return [
    ...(plan.bonusDays > 0 ? [{ id: "bonusDays" as const, count: plan.bonusDays }] : []),
    ...unlimited,
    ...(plan.extras?.beforeKeys ?? []).map((id) => ({ id })),
    { id: "timeChangeKeys" as const, count: plan.keyChanges },
    ...(plan.extras?.afterKeys ?? []).map((id) => ({ id })),
  ];
}

/** The catalogue's plans from entries (the shop's own, or a test's). */
export function catalogueOf(entries: readonly PlanEntry[]): CataloguePlan[] {
  const byLength = [...entries].sort((a, b) => a.months - b.months);
  return MARKETS.flatMap((market) =>
    byLength.map((e, i) => {
      const extras: PlanExtras = { ...(e.extras?.beforeKeys ? { beforeKeys: e.extras.beforeKeys } : {}), ...(e.extras?.afterKeys ? { afterKeys: e.extras.afterKeys(market) } : {}) };
      return {
        id: planId(market, e.months),
        months: e.months,
        title: planTitle(e.months, "en"),
        market,
        priceMills: e.prices[market],
        periodDays: e.periodDays,
        bonusDays: e.bonusDays,
        keyChanges: e.keyChanges,
        isPopular: e.popular ?? false,
        sortOrder: i + 1,
        extras,
        features: planFeatures({ bonusDays: e.bonusDays, keyChanges: e.keyChanges, extras }),
      };
    }),
  );
}

/** `<market>-<months>m`: a plan's id, what orders, licences and links name. */
export function planId(market: Market, months: number): string {
  return `${market}-${months}m`;
}

export const PLAN_CATALOGUE: readonly CataloguePlan[] = catalogueOf(PLAN_ENTRIES);

/** English feature texts (e-mails, the server, the default web language). */
export function featureText(f: PlanFeature): string {
  switch (f.id) {
    case "bonusDays":
      return `+${f.count} Days Free`;
    case "realDevices":
      return "Unlimited real devices";
    case "emulators":
      return "Unlimited emulator support";
    case "facebookAccounts":
      return "Unlimited Facebook accounts";
    case "scheduler":
      return "Function scheduler";
    case "timeChangeKeys":
      return `${f.count} time-change keys`;
    case "accountRegistrationCambodia":
      return "Account registration (Cambodia only)";
    case "accountRegistration":
      return "Account registration";
    case "accountVerification":
      return "Account verification";
    case "customPaidFeatures":
      return "Custom paid features";
  }
}

/** A market's plans in their order (`catalogue`: the shop's, or a test's). */
export function plansForMarket(market: Market, catalogue: readonly CataloguePlan[] = PLAN_CATALOGUE): CataloguePlan[] {
  return catalogue.filter((p) => p.market === market).sort((a, b) => a.sortOrder - b.sortOrder);
}
