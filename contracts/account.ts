// Profile, API key and balance: the customer's own account.
import { z } from "zod";
import { LanguageSchema } from "./me";
import { singleLineText } from "./text";

export { API_KEY_ALPHABET, API_KEY_LENGTH } from "./api-key";

export const ProfileSchema = z.object({
  email: z.string(),
  name: z.string(),
  /** E-mails before a licence expires (7, 3, 1 days before and on the day; decision 026). */
  expiryReminders: z.boolean(),
  /** The account's language: every e-mail to it is written in it (decision 040). */
  language: LanguageSchema,
});
export type Profile = z.infer<typeof ProfileSchema>;
export const UpdateProfileBodySchema = z.object({
  name: singleLineText().max(100, "Name is too long (100 characters at most)").optional(),
  expiryReminders: z.boolean().optional(),
  language: LanguageSchema.optional(),
});

export const ApiKeySchema = z.object({
  apiKey: z.string(),
  isActive: z.boolean(),
  balanceMills: z.number().int(),
  createdAt: z.string(),
});
export type ApiKeyInfo = z.infer<typeof ApiKeySchema>;

export const BalanceSchema = z.object({ balanceMills: z.number().int(), hasApiKey: z.boolean() });
export type Balance = z.infer<typeof BalanceSchema>;
