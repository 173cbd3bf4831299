// Query parameters of /donation-success, as the payment provider sends them back. Values are
// only ever rendered as text; the amount is shown exactly as given once it looks like a number.

export const DEFAULT_DONOR = "Anonymous Supporter";
export const DEFAULT_AMOUNT = "0";
const MAX_DONOR_LENGTH = 80;
const MAX_REFERENCE_LENGTH = 64;
/** Digits with an optional decimal part: "5", "10.50". No sign, exponent or separators. */
const AMOUNT_PATTERN = /^\d{1,12}(?:\.\d{1,4})?$/;

export interface DonationDetails {
  /** Donor's name, or null when none was given (the page then thanks DEFAULT_DONOR). */
  donor: string | null;
  /** Amount text as given, or DEFAULT_AMOUNT when missing or not a number. */
  amount: string;
  /** Transaction number (req_time), or null when absent. */
  transaction: string | null;
}

function clean(value: string | null, max: number): string | null {
  const text = value?.replace(/\s+/g, " ").trim() ?? "";
  if (!text) return null;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function readDonation(params: URLSearchParams): DonationDetails {
  const amount = params.get("amount")?.trim() ?? "";
  return {
    donor: clean(params.get("donor_name"), MAX_DONOR_LENGTH),
    amount: AMOUNT_PATTERN.test(amount) ? amount : DEFAULT_AMOUNT,
    transaction: clean(params.get("req_time"), MAX_REFERENCE_LENGTH),
  };
}

/** What the prerendered page (no query string) shows until the browser has hydrated. */
export const EMPTY_DONATION: DonationDetails = { donor: null, amount: DEFAULT_AMOUNT, transaction: null };
