// The shop's price list as the seller keeps it (GET /api/plans, decision 074): the market's plans
// on sale, in the seller's order. Pages read plans from here, never from the code's catalogue (076).
import type { Market } from "../../../../contracts/plan-catalogue";
import type { Plan } from "../../../../contracts/plans";
import { client, unwrap } from "~/lib/api";

export type { Plan };

export const plansApi = {
  /** The plans on sale: one market's, or both (local first). */
  list: (market?: Market) => unwrap(client.GET("/api/plans", { params: { query: market ? { market } : {} } })).then((r) => r.plans),
};
