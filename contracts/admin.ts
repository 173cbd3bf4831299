import { z } from "zod";
import { RoleSchema } from "./me";

export const AdminStatsSchema = z.object({
  totalUsers: z.number().int(),
  activeUsers: z.number().int(),
  salesTodayMills: z.number().int(),
  monthlySalesMills: z.number().int(),
  allTimeRevenueMills: z.number().int(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

export const UserListQuerySchema = z.object({
  search: z.string().trim().max(200).optional().default(""),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => [10, 25, 50, 100].includes(n), "Page size must be 10, 25, 50 or 100")
    .default(10),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  role: RoleSchema,
  superAdmin: z.boolean(),
  createdAt: z.string().nullable(),
});
export const UserListSchema = z.object({
  users: z.array(AdminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UserList = z.infer<typeof UserListSchema>;
