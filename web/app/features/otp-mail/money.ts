// Money arrives as integer mills (1000 = $1.00). Only display code turns it into text, and it
// never goes through float arithmetic: the digits come from integer division and remainder.

/**
 * Dollars with 2 decimals, or 3 when the amount has a non-zero third decimal (mills):
 * 50 → "$0.05", 45 → "$0.045", 955 → "$0.955", 1000 → "$1.00", -25 → "-$0.025".
 */
export function formatMoney(mills: number): string {
  const sign = mills < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(mills));
  const whole = Math.floor(abs / 1000);
  const frac = abs % 1000;
  const fracText = frac % 10 === 0 ? String(frac / 10).padStart(2, "0") : String(frac).padStart(3, "0");
  return `${sign}$${whole.toLocaleString("en-US")}.${fracText}`;
}
