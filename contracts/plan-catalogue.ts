// The plan catalogue: the one source of truth for titles, prices, periods, bonuses and features.
// The server seeds its `plans` table from it and prices every order from that table; the web
// prerenders the pricing section from it. The client never sends a price.
// No zod here: the landing page imports this file and must stay light. Schemas: contracts/plans.ts.
export const MARKETS = ["local", "foreign"] as const;
export type Market = (typeof MARKETS)[number];

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
  id: string;
  title: "1 Month" | "3 Months" | "12 Months";
  market: Market;
  priceMills: number;
  periodDays: number;
  bonusDays: number;
  keyChanges: number;
  isPopular: boolean;
  sortOrder: number;
  features: PlanFeature[];
}

const unlimited: PlanFeature[] = [{ id: "realDevices" }, { id: "emulators" }, { id: "facebookAccounts" }];

function plansFor(market: Market, prices: [number, number, number]): CataloguePlan[] {
  return [
    {
      id: `${market}-1m`,
      title: "1 Month",
      market,
      priceMills: prices[0],
      periodDays: 30,
      bonusDays: 0,
      keyChanges: 2,
      isPopular: false,
      sortOrder: 1,
      features: [...unlimited, { id: "scheduler" }, { id: "timeChangeKeys", count: 2 }],
    },
    {
      id: `${market}-3m`,
      title: "3 Months",
      market,
      priceMills: prices[1],
      periodDays: 90,
      bonusDays: 15,
      keyChanges: 10,
      isPopular: true,
      sortOrder: 2,
      features: [{ id: "bonusDays", count: 15 }, ...unlimited, { id: "timeChangeKeys", count: 10 }],
    },
    {
      id: `${market}-12m`,
      title: "12 Months",
      market,
      priceMills: prices[2],
      periodDays: 365,
      bonusDays: 30,
      keyChanges: 100,
      isPopular: false,
      sortOrder: 3,
      features: [
        { id: "bonusDays", count: 30 },
        ...unlimited,
        { id: "timeChangeKeys", count: 100 },
        // The local list notes that registration is for Cambodia only; the foreign list omits it.
        { id: market === "local" ? "accountRegistrationCambodia" : "accountRegistration" },
        { id: "accountVerification" },
        { id: "customPaidFeatures" },
      ],
    },
  ];
}

export const PLAN_CATALOGUE: readonly CataloguePlan[] = [
  ...plansFor("local", [9_990, 29_990, 119_990]),
  ...plansFor("foreign", [15_990, 47_990, 179_990]),
];

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

/** "per month" / "per 3 months" / "per year", as the local price list words it. */
export function periodText(title: CataloguePlan["title"]): string {
  return title === "1 Month" ? "per month" : title === "3 Months" ? "per 3 months" : "per year";
}

export function plansForMarket(market: Market): CataloguePlan[] {
  return PLAN_CATALOGUE.filter((p) => p.market === market).sort((a, b) => a.sortOrder - b.sortOrder);
}
