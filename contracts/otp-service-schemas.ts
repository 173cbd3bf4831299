// The OTP service catalogue's API schemas (the list and the buy body), apart from the catalogue
// itself so that web code reading the names does not load zod.
import { z } from "zod";
import { OTP_SERVICE_IDS } from "./otp-services";

export const OtpServiceIdSchema = z.enum(OTP_SERVICE_IDS);

export const OtpServiceSchema = z.object({
  id: OtpServiceIdSchema,
  name: z.string(),
  priceMills: z.number().int(),
  lifetimeMinutes: z.number().int(),
  /** The sender domains whose mail counts for this site. */
  senderDomains: z.array(z.string()),
  /** Whether an address can be bought for it now. */
  available: z.boolean(),
});
export type OtpService = z.infer<typeof OtpServiceSchema>;
export const OtpServiceListSchema = z.object({ services: z.array(OtpServiceSchema) });

export const OtpBuyBodySchema = z.object({
  service: OtpServiceIdSchema.optional().describe("The site the codes come from (default facebook)"),
});
