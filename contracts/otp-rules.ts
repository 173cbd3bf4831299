// OTP mail's buying rule without zod (decision 049): the OTP contracts (contracts/otp-mail.ts) and
// the OTP Gmail page's first load share it.

/** The spec's button rule: buying needs at least $0.05 on the balance. */
export const MIN_BALANCE_TO_BUY_MILLS = 50;
