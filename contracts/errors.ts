// The error body every refusal has, `{ code, message, issues? }`, for the OpenAPI document and
// clients. The codes, their statuses and default messages: the error table in ./error-codes.ts.
import { z } from "zod";
import { ERROR_CODES } from "./error-codes";

export * from "./error-codes";

/** Every error the server sends: `{ code, message, issues? }` with the code's status. */
export const ErrorBodySchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
