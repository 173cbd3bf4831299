// Whether a typed e-mail address is worth sending (the subscription tool's buyer, a gift's
// recipient): the spec's "an address with no spaces" and the server's one-line text rule (decision
// 034), so the page says what is wrong in its own words before the server would. The server checks
// again (zod's z.email).
import { textProblem } from "../../../contracts/text-rules";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `value`, trimmed, looks like one e-mail address on one line. */
export function looksLikeEmail(value: string): boolean {
  const email = value.trim();
  return EMAIL_PATTERN.test(email) && textProblem(email, "single-line") === null;
}
