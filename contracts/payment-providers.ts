// What the browser does to pay, per payment provider: the server's checkout answer carries one of
// these, and the provider's own web component carries it out (web/app/features/payments/providers/).
import { z } from "zod";

/**
 * ABA PayWay: post `fields` (signed by the server, exactly as given) to `action` in the
 * `aba_webservice` frame that PayWay's checkout plugin (`pluginUrl`) opens.
 */
export const PaywayCheckoutSchema = z.object({
  provider: z.literal("payway"),
  action: z.string(),
  method: z.literal("POST"),
  formId: z.literal("aba_merchant_request"),
  target: z.literal("aba_webservice"),
  /** The checkout plugin script (checkout2-0.js) to load before calling AbaPayway.checkout(). */
  pluginUrl: z.string(),
  /** Hidden inputs, in this order, with exactly these values (they are signed). */
  fields: z.record(z.string(), z.string()),
});
export type PaywayCheckout = z.infer<typeof PaywayCheckoutSchema>;

export const CheckoutInstructionsSchema = z.discriminatedUnion("provider", [PaywayCheckoutSchema]);
export type CheckoutInstructions = z.infer<typeof CheckoutInstructionsSchema>;
