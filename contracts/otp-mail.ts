// OTP mail orders: disposable addresses bought from the balance to receive one-time codes.
import { z } from "zod";

export { MIN_BALANCE_TO_BUY_MILLS } from "./otp-rules";

export const OtpOrderStatusSchema = z.enum(["pending", "success", "failed"]);
export const OtpOrderSchema = z.object({
  id: z.string(),
  address: z.string().nullable(),
  service: z.string(),
  priceMills: z.number().int(),
  /** Comma-separated, latest last (the spec's `otp`). */
  codes: z.string(),
  latestCode: z.string().nullable(),
  status: OtpOrderStatusSchema,
  failureReason: z.string().nullable(),
  balanceBeforeMills: z.number().int(),
  balanceAfterMills: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** A reorder: the first order whose address this one reuses. */
  reorderOf: z.string().nullable(),
});
export type OtpOrder = z.infer<typeof OtpOrderSchema>;

export const OtpOrderListQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const OtpOrderListSchema = z.object({
  orders: z.array(OtpOrderSchema),
  total: z.number().int(),
  totalSpentMills: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** One whole message an order received; `html` is sanitised (no scripts, styles, handlers or images). */
export const OtpMessageSchema = z.object({
  id: z.string(),
  from: z.string(),
  subject: z.string(),
  receivedAt: z.string(),
  text: z.string(),
  html: z.string().nullable(),
});
export type OtpMessage = z.infer<typeof OtpMessageSchema>;
export const OtpMessageListSchema = z.object({ messages: z.array(OtpMessageSchema) });
