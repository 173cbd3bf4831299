// The discount dialogs' fields as typed, and their checks: the same bounds as the server's
// (contracts/discounts.ts), in the reader's language. Dates are days in the seller's time zone: a
// code starts at the start of its first day and ends at the end of its last. A refusal from the
// server is put on the field it names (DISCOUNT_EXISTS on the code).
import {
  DISCOUNT_CODE_PATTERN,
  MAX_DISCOUNT_FIXED_MILLS,
  MAX_DISCOUNT_PERCENT,
  type CreateDiscountBody,
  type DiscountDto,
  type DiscountKind,
  type UpdateDiscountBody,
} from "../../../../../contracts/discounts";
import { parseDollars } from "../../../../../contracts/money";
import type { Market } from "../../../../../contracts/plan-catalogue";
import { isApiError } from "~/lib/api";
import { shopDayOf, startOfShopDay } from "~/lib/dates";
import { serverMessage } from "~/lib/error-text";

import { discountsText as t } from "./copy";

export type DiscountFields = {
  code: string;
  kind: DiscountKind;
  value: string;
  planIds: string[];
  markets: Market[];
  startsOn: string;
  endsOn: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  firstPurchaseOnly: boolean;
  note: string;
};
export type FieldName = "code" | "value" | "startsOn" | "endsOn" | "maxUses" | "maxUsesPerCustomer" | "note";
export type FieldErrors = Partial<Record<FieldName, string>>;

export const EMPTY_FIELDS: DiscountFields = {
  code: "",
  kind: "percent",
  value: "",
  planIds: [],
  markets: [],
  startsOn: "",
  endsOn: "",
  maxUses: "",
  maxUsesPerCustomer: "",
  firstPurchaseOnly: false,
  note: "",
};

const MAX_USES = 1_000_000;
const MAX_USES_PER_CUSTOMER = 1_000;
/**
 * "2027-04-13" → the start of that day in the shop's time zone (not the browser's: a seller abroad
 * sets the days the shop's customers live in) as ISO; `after`: the start of the next day.
 */
export function dayStart(day: string, { after = false } = {}): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (after ? 1 : 0));
  return Number.isNaN(date.getTime()) ? null : startOfShopDay(date);
}

/** The fields a code's window and limits start from (the edit dialog). */
export function fieldsOf(discount: DiscountDto): DiscountFields {
  return {
    ...EMPTY_FIELDS,
    code: discount.code,
    kind: discount.kind,
    planIds: discount.planIds,
    markets: discount.markets,
    startsOn: discount.startsAt ? shopDayOf(new Date(discount.startsAt)) : "",
    // The last day the code works: the day before the moment it ends.
    endsOn: discount.endsAt ? shopDayOf(new Date(Date.parse(discount.endsAt) - 1)) : "",
    maxUses: discount.maxUses === null ? "" : String(discount.maxUses),
    maxUsesPerCustomer: discount.maxUsesPerCustomer === null ? "" : String(discount.maxUsesPerCustomer),
    firstPurchaseOnly: discount.firstPurchaseOnly,
    note: discount.note,
  };
}

/** An empty limit is none; else a whole number from 1 to max, or undefined when it is neither. */
function limitOf(text: string, max: number): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (!/^\d{1,7}$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n >= 1 && n <= max ? n : undefined;
}

/** The discount's value as the server takes it (a whole percent, or mills in whole cents), or null. */
export function valueOf(kind: DiscountKind, text: string): number | null {
  if (kind === "percent") {
    const trimmed = text.trim().replace(/%$/, "");
    if (!/^\d{1,2}$/.test(trimmed)) return null;
    const n = Number(trimmed);
    return n >= 1 && n <= MAX_DISCOUNT_PERCENT ? n : null;
  }
  const mills = parseDollars(text, { decimals: 2, max: MAX_DISCOUNT_FIXED_MILLS });
  return mills !== null && mills >= 10 ? mills : null;
}

type Window = Pick<UpdateDiscountBody, "startsAt" | "endsAt" | "maxUses" | "maxUsesPerCustomer" | "note">;

/** The window, limits and note (both dialogs), or each wrong field's message. */
function checkWindow(fields: DiscountFields, errors: FieldErrors): Required<Window> | null {
  const startsAt = fields.startsOn.trim() ? dayStart(fields.startsOn) : null;
  const endsAt = fields.endsOn.trim() ? dayStart(fields.endsOn, { after: true }) : null;
  if (fields.startsOn.trim() && !startsAt) errors.startsOn = t("form.dateInvalid");
  if (fields.endsOn.trim() && !endsAt) errors.endsOn = t("form.dateInvalid");
  else if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt)) errors.endsOn = t("form.endInvalid");
  const maxUses = limitOf(fields.maxUses, MAX_USES);
  const maxUsesPerCustomer = limitOf(fields.maxUsesPerCustomer, MAX_USES_PER_CUSTOMER);
  if (maxUses === undefined) errors.maxUses = t("form.limitInvalid", { max: MAX_USES.toLocaleString("en-US") });
  if (maxUsesPerCustomer === undefined) errors.maxUsesPerCustomer = t("form.limitInvalid", { max: MAX_USES_PER_CUSTOMER.toLocaleString("en-US") });
  const note = fields.note.trim();
  if (note.length > 200 || /[\r\n]/.test(note)) errors.note = t("form.noteInvalid");
  if (Object.keys(errors).length > 0 || maxUses === undefined || maxUsesPerCustomer === undefined) return null;
  return { startsAt, endsAt, maxUses, maxUsesPerCustomer, note };
}

/** A new code as the server takes it, or each wrong field's message. */
export function checkNew(fields: DiscountFields): { body: CreateDiscountBody } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const code = fields.code.trim().toUpperCase();
  if (!DISCOUNT_CODE_PATTERN.test(code)) errors.code = t("form.codeInvalid");
  const value = valueOf(fields.kind, fields.value);
  if (value === null) errors.value = t(fields.kind === "percent" ? "form.percentInvalid" : "form.fixedInvalid");
  const window = checkWindow(fields, errors);
  if (!window || value === null || errors.code) return { errors };
  return {
    body: { code, kind: fields.kind, value, planIds: fields.planIds, markets: fields.markets, firstPurchaseOnly: fields.firstPurchaseOnly, ...window },
  };
}

/** What changed of a code's window, limits and note, or each wrong field's message. */
export function checkEdit(fields: DiscountFields, discount: DiscountDto): { body: UpdateDiscountBody | null } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const window = checkWindow(fields, errors);
  if (!window) return { errors };
  const changed: UpdateDiscountBody = {};
  const sameTime = (a: string | null, b: string | null) => (a === null ? b === null : b !== null && Date.parse(a) === Date.parse(b));
  if (!sameTime(window.startsAt, discount.startsAt)) changed.startsAt = window.startsAt;
  if (!sameTime(window.endsAt, discount.endsAt)) changed.endsAt = window.endsAt;
  if (window.maxUses !== discount.maxUses) changed.maxUses = window.maxUses;
  if (window.maxUsesPerCustomer !== discount.maxUsesPerCustomer) changed.maxUsesPerCustomer = window.maxUsesPerCustomer;
  if (window.note !== discount.note) changed.note = window.note;
  return { body: Object.keys(changed).length > 0 ? changed : null };
}

const FIELD_OF_PATH: Record<string, FieldName> = {
  code: "code",
  value: "value",
  startsAt: "startsOn",
  endsAt: "endsOn",
  maxUses: "maxUses",
  maxUsesPerCustomer: "maxUsesPerCustomer",
  note: "note",
};

/** A refusal on the fields it names, in the reader's language: DISCOUNT_EXISTS on the code, field issues on theirs. */
export function serverFieldErrors(error: unknown, kind: DiscountKind): FieldErrors {
  const errors: FieldErrors = {};
  if (!isApiError(error)) return errors;
  if (error.code === "DISCOUNT_EXISTS") errors.code = serverMessage(error.code, error.message);
  for (const issue of error.issues ?? []) {
    const field = FIELD_OF_PATH[String(issue.path).split(".")[0] ?? ""];
    if (!field || errors[field]) continue;
    const key: Record<FieldName, string> = {
      code: "form.codeInvalid",
      value: kind === "percent" ? "form.percentInvalid" : "form.fixedInvalid",
      startsOn: "form.dateInvalid",
      endsOn: "form.endInvalid",
      maxUses: "form.limitInvalid",
      maxUsesPerCustomer: "form.limitInvalid",
      note: "form.noteInvalid",
    };
    errors[field] = t(key[field], { max: field === "maxUses" ? "1,000,000" : "1,000" });
  }
  return errors;
}
