// The catalogue's audit entries in words (decision 074): which plan, and its sale terms before and
// after ("$9.99 · 30 + 0 days · 2 key changes · on sale"). A plan's id is an identifier, shown as stored.
import { formatMoney } from "../../../../contracts/money";
import type { TFunction } from "~/lib/i18n";
import type { AuditEntry } from "./api";

const PLAN_WHAT: Record<string, string> = {
  "plan.create": "audit.what.planCreated",
  "plan.update": "audit.what.planUpdated",
  "plan.retire": "audit.what.planRetired",
  "plan.restore": "audit.what.planRestored",
};

/** What a catalogue entry did, or null for other entries. */
export function planWhat(t: TFunction, entry: AuditEntry): string | null {
  if (entry.action === "plan.reorder") {
    const market = entry.targetId === "local" || entry.targetId === "foreign" ? t(`markets.${entry.targetId}`) : entry.targetId;
    return t("audit.what.planReordered", { market });
  }
  const key = PLAN_WHAT[entry.action];
  return key ? t(key, { plan: entry.targetId }) : null;
}

/** A catalogue entry's before or after in words, or null for other entries. */
export function planValue(t: TFunction, entry: AuditEntry, value: Record<string, unknown>): string | null {
  if (!entry.action.startsWith("plan.")) return null;
  if (Array.isArray(value.order)) return value.order.join(" → ");
  if (typeof value.priceMills !== "number") return null;
  return t("audit.value.plan", {
    price: formatMoney(value.priceMills),
    days: String(value.periodDays),
    bonus: String(value.bonusDays),
    changes: String(value.keyChanges),
    state: t(value.active === false ? "audit.value.planOffSale" : "audit.value.planOnSale"),
  });
}
