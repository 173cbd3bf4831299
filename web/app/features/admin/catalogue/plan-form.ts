// The plan dialogs' fields as typed, and their checks: the same bounds as the server's
// (contracts/catalogue-admin.ts), so a refusal there is rare; when one comes, its field issues are
// put on the fields they name.
import {
  defaultPeriodDays,
  MAX_BONUS_DAYS,
  MAX_KEY_CHANGES,
  MAX_PLAN_MONTHS,
  MAX_PLAN_PRICE_MILLS,
  MIN_PLAN_PRICE_MILLS,
  type CataloguePlanDto,
} from "../../../../../contracts/catalogue-admin";
import { MILLS_PER_DOLLAR, parseDollars } from "../../../../../contracts/money";
import type { Market } from "../../../../../contracts/plan-catalogue";
import { isApiError } from "~/lib/api";

import { catalogueText } from "./copy";

export type PlanFields = {
  market: Market;
  months: string;
  price: string;
  periodDays: string;
  bonusDays: string;
  keyChanges: string;
  isPopular: boolean;
};
export type FieldName = "months" | "price" | "periodDays" | "bonusDays" | "keyChanges";
export type FieldErrors = Partial<Record<FieldName, string>>;

/** "9.99" from 9,990 mills: what the price field starts with. */
export function dollarsText(mills: number): string {
  return (mills / MILLS_PER_DOLLAR).toFixed(2);
}

export function fieldsOf(plan: CataloguePlanDto): PlanFields {
  return {
    market: plan.market,
    months: String(plan.months),
    price: dollarsText(plan.priceMills),
    periodDays: String(plan.periodDays),
    bonusDays: String(plan.bonusDays),
    keyChanges: String(plan.keyChanges),
    isPopular: plan.isPopular,
  };
}

export const EMPTY_FIELDS: PlanFields = { market: "local", months: "", price: "", periodDays: "", bonusDays: "0", keyChanges: "", isPopular: false };

/** Dollars typed → integer mills in whole cents from $1 to $10,000, or null. */
export function priceMillsOf(text: string): number | null {
  const mills = parseDollars(text, { decimals: 2, max: MAX_PLAN_PRICE_MILLS });
  return mills !== null && mills >= MIN_PLAN_PRICE_MILLS ? mills : null;
}

function wholeIn(text: string, min: number, max: number): number | null {
  if (!/^\d{1,7}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= min && n <= max ? n : null;
}

/** The default period for the length typed, when it is one. */
export function defaultPeriodFor(monthsText: string): number | null {
  const months = wholeIn(monthsText, 1, MAX_PLAN_MONTHS);
  return months === null ? null : defaultPeriodDays(months);
}

export type CheckedPlan = {
  months: number;
  priceMills: number;
  periodDays?: number;
  bonusDays: number;
  keyChanges: number;
  isPopular: boolean;
};

/** The fields as the server takes them, or each wrong field's message. The period may be empty when adding. */
export function checkFields(fields: PlanFields, { periodOptional }: { periodOptional: boolean }): { plan: CheckedPlan } | { errors: FieldErrors } {
  const months = wholeIn(fields.months, 1, MAX_PLAN_MONTHS);
  const priceMills = priceMillsOf(fields.price);
  const periodEmpty = periodOptional && fields.periodDays.trim() === "";
  const periodDays = periodEmpty ? undefined : wholeIn(fields.periodDays, 1, MAX_PLAN_MONTHS * 31);
  const bonusDays = wholeIn(fields.bonusDays, 0, MAX_BONUS_DAYS);
  const keyChanges = wholeIn(fields.keyChanges, 0, MAX_KEY_CHANGES);
  const errors: FieldErrors = {};
  if (months === null) errors.months = catalogueText("form.monthsInvalid");
  if (priceMills === null) errors.price = catalogueText("form.priceInvalid");
  if (periodDays === null) errors.periodDays = catalogueText("form.periodInvalid");
  if (bonusDays === null) errors.bonusDays = catalogueText("form.bonusInvalid");
  if (keyChanges === null) errors.keyChanges = catalogueText("form.keyChangesInvalid");
  if (Object.keys(errors).length > 0 || months === null || priceMills === null || periodDays === null || bonusDays === null || keyChanges === null) {
    return { errors };
  }
  return { plan: { months, priceMills, ...(periodDays === undefined ? {} : { periodDays }), bonusDays, keyChanges, isPopular: fields.isPopular } };
}

const FIELD_OF_PATH: Record<string, FieldName> = { months: "months", priceMills: "price", periodDays: "periodDays", bonusDays: "bonusDays", keyChanges: "keyChanges" };
const MESSAGE_OF_FIELD: Record<FieldName, string> = {
  months: "form.monthsInvalid",
  price: "form.priceInvalid",
  periodDays: "form.periodInvalid",
  bonusDays: "form.bonusInvalid",
  keyChanges: "form.keyChangesInvalid",
};

/** A refusal's field issues (VALIDATION_FAILED) on the fields they name, in the reader's language. */
export function serverFieldErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!isApiError(error)) return errors;
  for (const issue of error.issues ?? []) {
    const field = FIELD_OF_PATH[String(issue.path).split(".")[0] ?? ""];
    if (field && !errors[field]) errors[field] = catalogueText(MESSAGE_OF_FIELD[field]);
  }
  return errors;
}
