import { InboxIcon, SearchXIcon, ShieldCheckIcon } from "lucide-react";
import { toast } from "sonner";

import { ROLE_MESSAGES, TWO_FACTOR_RESET_MESSAGES } from "../../../../contracts/admin";
import type { Role } from "../../../../contracts/me";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DataCards, DataTable } from "~/components/data-table/data-table";
import { loadErrorState, useErrorToast, usePagedSearch, type ListState } from "~/components/data-table/list-state";
import { Pagination } from "~/components/data-table/pagination";
import { PageHeader } from "~/components/dashboard/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { SearchInput } from "~/components/ui/search-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { TableCell, TableRow } from "~/components/ui/table";
import { useMe } from "~/features/session/queries";
import { showErrorToast } from "~/lib/errors";
import { useIsMobile } from "~/hooks/use-mobile";

import { errorMessage } from "~/lib/errors";
import { type AdminUser } from "./api";
import { formatCreatedAt } from "./format";
import { useAdminUsers, useResetTwoFactor, useSetRole } from "./queries";

const PAGE_SIZE = 10;
const COLUMNS = ["Email", "Role", "Two-factor", "Created At"] as const;
const ERROR_TITLE = "Error fetching users";

export function UserManagementPanel() {
  const isMobile = useIsMobile();
  const { search, setSearch, term, page, setPage } = usePagedSearch();
  const query = useAdminUsers({ search: term, page, pageSize: PAGE_SIZE });
  const data = query.data;
  useErrorToast("admin-users-error", ERROR_TITLE, query.error, errorMessage);

  let state: ListState | null = null;
  if (!data && query.isError) {
    state = loadErrorState(ERROR_TITLE, errorMessage(query.error), () => void query.refetch());
  } else if (data?.users.length === 0) {
    state = term
      ? { icon: SearchXIcon, title: "No users found", body: <p>No e-mail, username or name contains “{term}”.</p> }
      : { icon: InboxIcon, title: "No users found" };
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="User Management"
        description="Manage user roles and permissions"
        badge={
          <Badge variant="secondary" className="gap-1">
            <ShieldCheckIcon aria-hidden="true" />
            Admin Access
          </Badge>
        }
      />
      <Card className="gap-0 overflow-hidden py-0">
        <div className="border-b px-4 py-4 sm:px-6">
          <SearchInput
            label="Search users"
            placeholder="Search users..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            pending={query.isFetching && term !== ""}
            containerClassName="max-w-md"
          />
        </div>
        {isMobile ? (
          // Phones: one card per user, the role dropdown in view.
          <>
            <DataCards
              rows={data?.users}
              renderCards={(users) => (
                <ul aria-label="Users" className="divide-y">
                  {users.map((user) => (
                    <UserCard key={user.id} user={user} />
                  ))}
                </ul>
              )}
              state={state}
              busy={query.isFetching && query.isPlaceholderData}
              loadingLabel="Loading users"
            />
            {data && data.total > 0 ? <Pagination page={page} pageSize={PAGE_SIZE} total={data.total} noun="users" label="User pages" onPageChange={setPage} /> : null}
          </>
        ) : (
          <DataTable
            columns={COLUMNS}
            caption="Users with their role; change a role with its dropdown."
            scrollLabel="Users table"
            className="min-w-[44rem]"
            rows={data?.users}
            renderRow={(user) => <UserRow key={user.id} user={user} />}
            state={state}
            busy={query.isFetching && query.isPlaceholderData}
            skeletonClassName="h-4 w-32"
            pagination={data && { page, pageSize: PAGE_SIZE, total: data.total, noun: "users", label: "User pages", onPageChange: setPage }}
          />
        )}
      </Card>
    </div>
  );
}

/** The role dropdown's state: who is editing, and the change with its toasts. */
function useRoleChange(user: AdminUser) {
  const me = useMe();
  const setRole = useSetRole();
  const isSelf = me.data?.id === user.id;

  async function change(role: Role) {
    if (role === user.role) return;
    try {
      await setRole.mutateAsync({ id: user.id, role });
      toast.success(ROLE_MESSAGES.updatedTitle, { description: ROLE_MESSAGES.updated });
    } catch (error) {
      showErrorToast(error, "update-role");
    }
  }
  return { isSelf, change, pending: setRole.isPending };
}

function RoleSelect({ user }: { user: AdminUser }) {
  const { isSelf, change, pending } = useRoleChange(user);
  return (
    <Select value={user.role} onValueChange={(v) => void change(v as Role)} disabled={isSelf || pending}>
      <SelectTrigger size="sm" className="w-28" aria-label={`Role of ${user.email}`} title={isSelf ? ROLE_MESSAGES.selfDemotion : undefined}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="user">user</SelectItem>
        <SelectItem value="admin">admin</SelectItem>
      </SelectContent>
    </Select>
  );
}

/** Phones: the same row as a card. */
function UserCard({ user }: { user: AdminUser }) {
  const me = useMe();
  const isSelf = me.data?.id === user.id;
  return (
    <li className="grid gap-3 px-4 py-4" data-testid="user-row">
      <div className="grid gap-0.5">
        <span className="font-medium break-all">{user.email}</span>
        {user.name || user.username ? (
          <span className="text-xs text-muted-foreground">{[user.name, user.username ? `@${user.username}` : null].filter(Boolean).join(" · ")}</span>
        ) : null}
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Role</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <RoleSelect user={user} />
          {user.superAdmin ? (
            <Badge variant="outline" className="text-xs">
              Super-admin
            </Badge>
          ) : null}
          {isSelf ? <span className="text-xs text-muted-foreground">(you)</span> : null}
        </dd>
        <dt className="text-muted-foreground">Two-factor</dt>
        <dd className="flex items-center gap-2">
          {hasFactor(user) ? <Badge className="bg-emerald-600 text-white dark:bg-emerald-500">On</Badge> : <span className="text-muted-foreground">Off</span>}
          {hasFactor(user) && !isSelf ? <ResetTwoFactorButton user={user} /> : null}
        </dd>
        <dt className="text-muted-foreground">Created At</dt>
        <dd className="text-muted-foreground">{formatCreatedAt(user.createdAt)}</dd>
      </dl>
    </li>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const me = useMe();
  const isSelf = me.data?.id === user.id;
  const labelId = `role-label-${user.id}`;

  return (
    <TableRow data-testid="user-row">
      <TableCell className="pl-4 sm:pl-6">
        <div className="grid gap-0.5">
          <span id={labelId} className="font-medium break-all">
            {user.email}
          </span>
          {user.name || user.username ? (
            <span className="text-xs text-muted-foreground">{[user.name, user.username ? `@${user.username}` : null].filter(Boolean).join(" · ")}</span>
          ) : null}
        </div>
      </TableCell>
      <TableCell>
        <div className="flex items-center gap-2">
          <RoleSelect user={user} />
          {user.superAdmin ? (
            <Badge variant="outline" className="text-xs">
              Super-admin
            </Badge>
          ) : null}
          {isSelf ? <span className="text-xs text-muted-foreground">(you)</span> : null}
        </div>
      </TableCell>
      <TableCell>
        <div className="flex items-center gap-2">
          {hasFactor(user) ? <Badge className="bg-emerald-600 text-white dark:bg-emerald-500">On</Badge> : <span className="text-sm text-muted-foreground">Off</span>}
          {hasFactor(user) && !isSelf ? <ResetTwoFactorButton user={user} /> : null}
        </div>
      </TableCell>
      <TableCell className="pr-4 whitespace-nowrap text-muted-foreground sm:pr-6">{formatCreatedAt(user.createdAt)}</TableCell>
    </TableRow>
  );
}

/** An authenticator app or a passkey (decision 038). */
const hasFactor = (user: AdminUser) => user.twoFactorEnabled || user.passkeyEnabled;

/** A lost phone or key: the super-admin removes the authenticator and passkeys; the person signs in again and sets up anew. */
function ResetTwoFactorButton({ user }: { user: AdminUser }) {
  const reset = useResetTwoFactor();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Reset two-factor authentication of ${user.email}`}>
          Reset
        </Button>
      }
      title="Reset two-factor authentication?"
      description={`${user.email} is signed out everywhere, their authenticator app, backup codes and passkeys stop working, and ${user.role === "admin" ? "the admin console stays closed to them until they set up a new one" : "they can set up a new one in Profile"}. Do this only when you are sure it is them (a lost phone).`}
      confirmLabel="Reset"
      pendingLabel="Resetting ..."
      pending={reset.isPending}
      onConfirm={async () => {
        try {
          await reset.mutateAsync(user.id);
          toast.success("Two-factor authentication reset", { description: TWO_FACTOR_RESET_MESSAGES.done });
          return true;
        } catch (error) {
          showErrorToast(error, "reset-two-factor");
          return false;
        }
      }}
    />
  );
}
