import { z } from "zod";
import { LANGUAGES } from "./languages";

/** One of the shop's languages (contracts/languages.ts): what the account's e-mails are written in. */
export const LanguageSchema = z.enum(LANGUAGES);

export const RoleSchema = z.enum(["user", "admin"]);
export type Role = z.infer<typeof RoleSchema>;

export const MeSchema = z.object({
  id: z.string(),
  email: z.email(),
  name: z.string(),
  /** The account's role. The admin console also needs the second factor (below). */
  role: RoleSchema,
  superAdmin: z.boolean(),
  /** A reseller (decision 080): the dashboard shows the Reseller page (bulk orders, assigning licences). */
  reseller: z.boolean(),
  emailVerified: z.boolean(),
  /** An authenticator app is enrolled (two-factor authentication). */
  twoFactorEnabled: z.boolean(),
  /** The account has at least one passkey, a second factor too (either one counts). */
  passkeyEnabled: z.boolean(),
  /** This session passed the second factor; with one enrolled, nothing else works until it has. */
  secondFactorVerified: z.boolean(),
  /** The account's language: its e-mails are written in it (set at sign-up from the page's, changed with PATCH /api/profile). */
  language: LanguageSchema,
});
export type Me = z.infer<typeof MeSchema>;

export const MeResponseSchema = z.object({ user: MeSchema });
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const PublicConfigSchema = z.object({
  googleEnabled: z.boolean(),
  /** The shop's time zone (SHOP_TIME_ZONE): pages show dates in it, as e-mails and receipts do. */
  timeZone: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
