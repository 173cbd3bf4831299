import { z } from "zod";

/** Every error the server sends: `{ code, message, issues? }` with a 4xx/5xx status. */
export const ErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
