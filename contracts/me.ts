import { z } from "zod";

export const RoleSchema = z.enum(["user", "admin"]);
export type Role = z.infer<typeof RoleSchema>;

export const MeSchema = z.object({
  id: z.string(),
  email: z.email(),
  name: z.string(),
  role: RoleSchema,
  superAdmin: z.boolean(),
  emailVerified: z.boolean(),
});
export type Me = z.infer<typeof MeSchema>;

export const MeResponseSchema = z.object({ user: MeSchema });
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const PublicConfigSchema = z.object({ googleEnabled: z.boolean() });
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
