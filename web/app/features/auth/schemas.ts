import { z } from "zod";

import { authText as t } from "~/features/auth/copy";

/** better-auth's default password length rule (the server enforces it too). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const OTP_LENGTH = 6;

// Messages are made when a value is checked, in the language current at that moment.
const email = z
  .string()
  .trim()
  .min(1, { error: () => t("validation.emailRequired") })
  .pipe(z.email({ error: () => t("validation.emailInvalid") }));

const newPassword = z
  .string()
  .min(1, { error: () => t("validation.passwordRequired") })
  .min(MIN_PASSWORD_LENGTH, { error: () => t("validation.passwordTooShort", { count: MIN_PASSWORD_LENGTH }) })
  .max(MAX_PASSWORD_LENGTH, { error: () => t("validation.passwordTooLong", { count: MAX_PASSWORD_LENGTH }) });

export const signInSchema = z.object({
  email,
  password: z.string().min(1, { error: () => t("validation.passwordRequired") }),
});

export const signUpSchema = z.object({
  email,
  password: newPassword,
});

export const emailOnlySchema = z.object({ email });

export const updatePasswordSchema = z.object({ password: newPassword });

export const otpCodeSchema = z.object({
  otp: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: () => t("validation.otpCode", { count: OTP_LENGTH }) }),
});

export type SignInValues = z.infer<typeof signInSchema>;
export type SignUpValues = z.infer<typeof signUpSchema>;
export type EmailOnlyValues = z.infer<typeof emailOnlySchema>;
export type UpdatePasswordValues = z.infer<typeof updatePasswordSchema>;
export type OtpCodeValues = z.infer<typeof otpCodeSchema>;

/** A code from the authenticator app (6 digits) or a backup code (10 letters and digits). */
export const secondFactorCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, { error: () => t("validation.codeRequired") })
    .max(32, { error: () => t("validation.codeTooLong") }),
});
