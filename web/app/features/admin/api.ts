// Calls behind the admin console (same origin, session cookie). Shapes come from contracts/admin.
import type {
  AdjustBalanceBody,
  AdjustBalanceResponse,
  AdminOtpList,
  AuditAction,
  AuditList,
  BalanceList,
  BalanceSort,
  Overview,
  UserList,
} from "../../../../contracts/admin";
import type { Role } from "../../../../contracts/me";
import { apiFetch } from "~/lib/api";

export type { AdminOtpList, AdminOtpOrder, AuditEntry, AuditList, BalanceList, BalanceUser, Overview, UserList, AdminUser } from "../../../../contracts/admin";

export function withQuery(path: string, params: Record<string, string | number | undefined>) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The viewer's IANA time zone: 'today' and 'this month' on the Overview are theirs. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

export type OtpListParams = { search: string; from?: string; to?: string; page: number; pageSize: number };
export type UserListParams = { search: string; page: number; pageSize: number };
export type BalanceListParams = { search: string; sort: BalanceSort; page: number; pageSize: number };
export type AuditParams = { action?: AuditAction; page: number; pageSize: number };

export const adminApi = {
  overview: (tz: string, signal?: AbortSignal) => apiFetch<Overview>(withQuery("/api/admin/overview", { tz }), { signal }),
  otpOrders: (p: OtpListParams, signal?: AbortSignal) => apiFetch<AdminOtpList>(withQuery("/api/admin/otp-orders", p), { signal }),
  users: (p: UserListParams, signal?: AbortSignal) => apiFetch<UserList>(withQuery("/api/admin/users", p), { signal }),
  setRole: (id: string, role: Role) =>
    apiFetch<{ user: UserList["users"][number]; changed: boolean }>(`/api/admin/users/${encodeURIComponent(id)}/role`, {
      method: "PATCH",
      body: { role },
    }),
  resetTwoFactor: (id: string) =>
    apiFetch<{ user: UserList["users"][number]; changed: boolean }>(`/api/admin/users/${encodeURIComponent(id)}/two-factor/reset`, { method: "POST" }),
  balances: (p: BalanceListParams, signal?: AbortSignal) => apiFetch<BalanceList>(withQuery("/api/admin/balances", p), { signal }),
  adjust: (body: AdjustBalanceBody) => apiFetch<AdjustBalanceResponse>("/api/admin/balances/adjust", { method: "POST", body }),
  audit: (p: AuditParams, signal?: AbortSignal) => apiFetch<AuditList>(withQuery("/api/admin/audit", p), { signal }),
};

export { errorMessage } from "~/lib/errors";
