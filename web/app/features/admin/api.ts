// Calls behind the admin console (same origin, session cookie). Shapes come from contracts/admin.
import type { AdjustBalanceBody, AuditAction, BalanceSort, PageSize } from "../../../../contracts/admin";
import type { Role } from "../../../../contracts/me";
import { client, unwrap } from "~/lib/api";

export type { AdminOtpList, AdminOtpOrder, AuditEntry, AuditList, BalanceList, BalanceUser, Overview, ShopHealth, UserList, AdminUser } from "../../../../contracts/admin";

/** The viewer's IANA time zone: 'today' and 'this month' on the Overview are theirs. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

export type OtpListParams = { search: string; from?: string; to?: string; page: number; pageSize: number };
export type UserListParams = { search: string; page: number; pageSize: PageSize };
export type BalanceListParams = { search: string; sort: BalanceSort; page: number; pageSize: PageSize };
export type AuditParams = { action?: AuditAction; page: number; pageSize: number };

export const adminApi = {
  overview: (tz: string, signal?: AbortSignal) => unwrap(client.GET("/api/admin/overview", { params: { query: { tz } }, signal })),
  health: (signal?: AbortSignal) => unwrap(client.GET("/api/admin/health", { signal })),
  otpOrders: ({ search, ...p }: OtpListParams, signal?: AbortSignal) =>
    unwrap(client.GET("/api/admin/otp-orders", { params: { query: { ...p, search: search || undefined } }, signal })),
  users: ({ search, ...p }: UserListParams, signal?: AbortSignal) =>
    unwrap(client.GET("/api/admin/users", { params: { query: { ...p, search: search || undefined } }, signal })),
  setRole: (id: string, role: Role) => unwrap(client.PATCH("/api/admin/users/{id}/role", { params: { path: { id } }, body: { role } })),
  setReseller: (id: string, reseller: boolean) => unwrap(client.PATCH("/api/admin/users/{id}/reseller", { params: { path: { id } }, body: { reseller } })),
  resetTwoFactor: (id: string) => unwrap(client.POST("/api/admin/users/{id}/two-factor/reset", { params: { path: { id } } })),
  balances: ({ search, ...p }: BalanceListParams, signal?: AbortSignal) =>
    unwrap(client.GET("/api/admin/balances", { params: { query: { ...p, search: search || undefined } }, signal })),
  adjust: (body: AdjustBalanceBody) => unwrap(client.POST("/api/admin/balances/adjust", { body })),
  audit: (p: AuditParams, signal?: AbortSignal) => unwrap(client.GET("/api/admin/audit", { params: { query: p }, signal })),
};

