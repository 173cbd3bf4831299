// A plan's volume tiers as the edit dialog types them (decision 080): rows of "from N licences,
// P % off", checked with the contract's own schema (VolumeTiersSchema) so the page refuses what the
// server would, and its messages put on the fields they name in the reader's language.
import { BULK_MESSAGES, MAX_VOLUME_TIERS, VolumeTiersSchema, type VolumeTier } from "../../../../../contracts/reseller";
import { isApiError } from "~/lib/api";
import type { TFunction } from "~/lib/i18n";

import { catalogueText } from "./copy";

export type TierRow = { minQuantity: string; percentOff: string };
export type TierField = keyof TierRow;
/** Each row's wrong fields' messages, by row. */
export type TierErrors = Array<Partial<Record<TierField, string>>>;

export { MAX_VOLUME_TIERS };

export const tierRowsOf = (tiers: readonly VolumeTier[]): TierRow[] => tiers.map((tier) => ({ minQuantity: String(tier.minQuantity), percentOff: String(tier.percentOff) }));

/** A new row: ten more licences than the last one's, the same percent plus five (a starting point to edit). */
export function nextTierRow(rows: readonly TierRow[]): TierRow {
  const last = rows.at(-1);
  const from = last ? Number(last.minQuantity) : NaN;
  const percent = last ? Number(last.percentOff) : NaN;
  return {
    minQuantity: Number.isInteger(from) ? String(Math.min(from + 10, 500)) : "10",
    percentOff: Number.isInteger(percent) ? String(Math.min(percent + 5, 50)) : "5",
  };
}

/** The contract's English messages, each one's key in the catalogue namespace. */
const MESSAGE_KEYS: Record<string, string> = {
  [BULK_MESSAGES.tiersOrder]: "form.tiers.order",
  [BULK_MESSAGES.tierPercent]: "form.tiers.percentInvalid",
  [BULK_MESSAGES.tierQuantity]: "form.tiers.quantityInvalid",
};
const FIELD_MESSAGES: Record<TierField, string> = { minQuantity: "form.tiers.quantityInvalid", percentOff: "form.tiers.percentInvalid" };

/** A field's text as the number it means, or the text itself when it is none (the schema refuses it by its field). */
const numberOf = (text: string): unknown => (/^\s*\d{1,4}\s*$/.test(text) ? Number(text) : text);

/** An issue's path ("1.minQuantity", or [1, "minQuantity"]) and message onto the rows' errors. */
function put(errors: TierErrors, path: ReadonlyArray<PropertyKey>, message: string) {
  const [index, field] = path;
  if (typeof index !== "number" || !Number.isInteger(index) || (field !== "minQuantity" && field !== "percentOff")) return;
  const row = (errors[index] ??= {});
  row[field] ??= catalogueText(MESSAGE_KEYS[message] ?? FIELD_MESSAGES[field]);
}

/** The rows as the server takes them, or each wrong field's message. */
export function checkTiers(rows: readonly TierRow[]): { tiers: VolumeTier[] } | { errors: TierErrors } {
  const parsed = VolumeTiersSchema.safeParse(rows.map((row) => ({ minQuantity: numberOf(row.minQuantity), percentOff: numberOf(row.percentOff) })));
  if (parsed.success) return { tiers: parsed.data };
  const errors: TierErrors = [];
  for (const issue of parsed.error.issues) put(errors, issue.path, issue.message);
  return { errors };
}

/** A refusal's issues on the tiers ("volumeTiers.1.minQuantity") on the rows they name. */
export function serverTierErrors(error: unknown): TierErrors {
  const errors: TierErrors = [];
  if (!isApiError(error)) return errors;
  for (const issue of error.issues ?? []) {
    const [head, index, field] = String(issue.path).split(".");
    if (head === "volumeTiers") put(errors, [Number(index), field ?? ""], issue.message);
  }
  return errors;
}

/** "from 10: 5% off · from 50: 10% off" (the plan's row), or null without tiers. */
export function tiersSummary(t: TFunction, tiers: readonly VolumeTier[]): string | null {
  if (tiers.length === 0) return null;
  return tiers.map((tier) => t("table.tier", { from: String(tier.minQuantity), percent: String(tier.percentOff) })).join(" · ");
}
