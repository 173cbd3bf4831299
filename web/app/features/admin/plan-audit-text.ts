// The catalogue's audit entries in words (decision 074): which plan, and its sale terms before and
// after ("$9.99 · 30 + 0 days · 2 key changes · on sale", then its volume tiers, decision 080:
// "from 10: 5% off · from 50: 10% off"), and a discount code's rules (decision 077).
// A plan's id and a code are identifiers, shown as stored.
import { formatMoney } from "../../../../contracts/money";
import { formatDate } from "~/lib/dates";
import type { TFunction } from "~/lib/i18n";
import type { AuditEntry } from "./api";

const PLAN_WHAT: Record<string, string> = {
  "plan.create": "audit.what.planCreated",
  "plan.update": "audit.what.planUpdated",
  "plan.retire": "audit.what.planRetired",
  "plan.restore": "audit.what.planRestored",
};

const DISCOUNT_WHAT: Record<string, string> = {
  "discount.create": "audit.what.discountCreated",
  "discount.update": "audit.what.discountUpdated",
};

/** What a catalogue entry (or a discount code's, decision 077) did, or null for other entries. */
export function planWhat(t: TFunction, entry: AuditEntry): string | null {
  const discount = DISCOUNT_WHAT[entry.action];
  if (discount) return t(discount, { code: entry.targetId });
  if (entry.action === "plan.reorder") {
    const market = entry.targetId === "local" || entry.targetId === "foreign" ? t(`markets.${entry.targetId}`) : entry.targetId;
    return t("audit.what.planReordered", { market });
  }
  const key = PLAN_WHAT[entry.action];
  return key ? t(key, { plan: entry.targetId }) : null;
}

/** A discount code's rules in words ("10% off · up to 100 uses · until 31 Dec 2026 · on"), or null for other entries. */
function discountValue(t: TFunction, value: Record<string, unknown>): string | null {
  if (typeof value.value !== "number" || (value.kind !== "percent" && value.kind !== "fixed")) return null;
  return [
    value.kind === "percent" ? t("audit.value.discountPercent", { value: value.value }) : t("audit.value.discountFixed", { amount: formatMoney(value.value) }),
    typeof value.maxUses === "number" ? t("audit.value.discountUses", { count: value.maxUses }) : t("audit.value.discountNoLimit"),
    typeof value.endsAt === "string" ? t("audit.value.discountUntil", { date: formatDate(value.endsAt) }) : null,
    t(value.active === false ? "audit.value.discountOff" : "audit.value.discountOn"),
  ]
    .filter((part): part is string => part !== null)
    .join(" · ");
}

const hasTiers = (value: Record<string, unknown> | null) => Array.isArray(value?.volumeTiers) && value.volumeTiers.length > 0;

/**
 * A plan's volume tiers in words, or null when it has none and had none (entries before decision
 * 080, and plans without bulk prices, read as they did); "no volume discounts" when the other side had some.
 */
export function tiersText(t: TFunction, entry: AuditEntry, value: Record<string, unknown>): string | null {
  const tiers = Array.isArray(value.volumeTiers) ? (value.volumeTiers as Array<Record<string, unknown>>) : [];
  if (tiers.length === 0) return hasTiers(entry.before) || hasTiers(entry.after) ? t("audit.value.noTiers") : null;
  return tiers.map((tier) => t("audit.value.tier", { from: String(tier.minQuantity), percent: String(tier.percentOff) })).join(" · ");
}

/** A catalogue entry's (or a discount code's) before or after in words, or null for other entries. */
export function planValue(t: TFunction, entry: AuditEntry, value: Record<string, unknown>): string | null {
  if (entry.action.startsWith("discount.")) return discountValue(t, value);
  if (!entry.action.startsWith("plan.")) return null;
  if (Array.isArray(value.order)) return value.order.join(" → ");
  if (typeof value.priceMills !== "number") return null;
  const terms = t("audit.value.plan", {
    price: formatMoney(value.priceMills),
    days: String(value.periodDays),
    bonus: String(value.bonusDays),
    changes: String(value.keyChanges),
    state: t(value.active === false ? "audit.value.planOffSale" : "audit.value.planOnSale"),
  });
  const tiers = tiersText(t, entry, value);
  return tiers ? `${terms} · ${tiers}` : terms;
}
