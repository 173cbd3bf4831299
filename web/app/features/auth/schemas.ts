import { z } from "zod";

/** better-auth's default password length rule (the server enforces it too). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const OTP_LENGTH = 6;

const email = z
  .string()
  .trim()
  .min(1, "Email address is required")
  .pipe(z.email("Enter a valid email address"));

const newPassword = z
  .string()
  .min(1, "Password is required")
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);

export const signInSchema = z.object({
  email,
  password: z.string().min(1, "Password is required"),
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
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `Enter the ${OTP_LENGTH}-digit code`),
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
    .min(1, "Enter the code")
    .max(32, "That is not a code from your app or a backup code"),
});
