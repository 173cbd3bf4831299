// The price list for a page: loading, failed (with a retry) or the plans. No query client needed
// (public pages have none): one request per market and page load, shared by every reader.
import { useCallback, useEffect, useState } from "react";

import type { Market } from "../../../../contracts/plan-catalogue";
import { plansApi, type Plan } from "./api";

export type PlansState = { status: "loading" } | { status: "error"; retry: () => void } | { status: "ready"; plans: Plan[] };

const asked = new Map<string, Promise<Plan[]>>();

function ask(market: Market | undefined): Promise<Plan[]> {
  const key = market ?? "all";
  let answer = asked.get(key);
  if (!answer) {
    answer = plansApi.list(market);
    // A failure is not kept: the next reader (or a retry) asks again.
    answer.catch(() => asked.delete(key));
    asked.set(key, answer);
  }
  return answer;
}

/** Forgets the answers (tests; a page that knows the catalogue changed). */
export function forgetPlans() {
  asked.clear();
}

/** The plans on sale for `market` (both markets when none), as the server has them now. */
export function usePlans(market?: Market): PlansState {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ plans: Plan[] } | { failed: true } | null>(null);
  const retry = useCallback(() => {
    setResult(null);
    setAttempt((n) => n + 1);
  }, []);
  useEffect(() => {
    let live = true;
    ask(market).then(
      (plans) => live && setResult({ plans }),
      () => live && setResult({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, [market, attempt]);
  if (!result) return { status: "loading" };
  return "failed" in result ? { status: "error", retry } : { status: "ready", plans: result.plans };
}
