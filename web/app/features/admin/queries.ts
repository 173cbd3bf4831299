import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import type { Role } from "../../../../contracts/me";
import {
  adminApi,
  type AuditParams,
  type BalanceListParams,
  type OtpListParams,
  type UserListParams,
} from "./api";

export const adminKeys = {
  all: ["admin"] as const,
  overview: (tz: string) => ["admin", "overview", tz] as const,
  health: ["admin", "health"] as const,
  otp: (p: OtpListParams) => ["admin", "otp", p] as const,
  users: ["admin", "users"] as const,
  userList: (p: UserListParams) => ["admin", "users", p] as const,
  balances: ["admin", "balances"] as const,
  balanceList: (p: BalanceListParams) => ["admin", "balances", p] as const,
  audit: ["admin", "audit"] as const,
  auditList: (p: AuditParams) => ["admin", "audit", p] as const,
};

/** Admin figures move with every sale: read again on each visit, kept for a minute. */
const FRESH = 60_000;

export function useOverview(tz: string) {
  return useQuery({ queryKey: adminKeys.overview(tz), queryFn: ({ signal }) => adminApi.overview(tz, signal), staleTime: FRESH });
}

/** The Shop health card: read on each visit and every minute while the Overview is open. */
export function useShopHealth() {
  return useQuery({ queryKey: adminKeys.health, queryFn: ({ signal }) => adminApi.health(signal), staleTime: 30_000, refetchInterval: 60_000 });
}

export function useAdminOtpOrders(params: OtpListParams) {
  return useQuery({
    queryKey: adminKeys.otp(params),
    queryFn: ({ signal }) => adminApi.otpOrders(params, signal),
    placeholderData: keepPreviousData,
    staleTime: FRESH,
  });
}

export function useAdminUsers(params: UserListParams) {
  return useQuery({
    queryKey: adminKeys.userList(params),
    queryFn: ({ signal }) => adminApi.users(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => adminApi.setRole(id, role),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.users }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}

/** The reseller flag (decision 080); the list and the audit log follow. */
export function useSetReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reseller }: { id: string; reseller: boolean }) => adminApi.setReseller(id, reseller),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.users }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminApi.resetTwoFactor(id),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.users }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}

export function useBalances(params: BalanceListParams) {
  return useQuery({
    queryKey: adminKeys.balanceList(params),
    queryFn: ({ signal }) => adminApi.balances(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAdjustBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminApi.adjust,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.balances }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
      ]),
  });
}

export function useAudit(params: AuditParams) {
  return useQuery({
    queryKey: adminKeys.auditList(params),
    queryFn: ({ signal }) => adminApi.audit(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
