import { InboxIcon, SearchXIcon, ShieldCheckIcon } from "lucide-react";
import { toast } from "~/lib/toast";

import type { Role } from "../../../../contracts/me";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DataCards, DataTable } from "~/components/data-table/data-table";
import { loadErrorState, useErrorToast, usePagedSearch, type ListState } from "~/components/data-table/list-state";
import { Pagination } from "~/components/data-table/pagination";
import { DashboardPage } from "~/components/dashboard/page-header";
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
import { adminText, useAdminCopy } from "./copy";
import { formatCreatedAt } from "./format";
import { ResellerSwitch } from "./reseller-switch";
import { useAdminUsers, useResetTwoFactor, useSetRole } from "./queries";

const PAGE_SIZE = 10;
const COLUMNS = ["email", "role", "reseller", "twoFactor", "createdAt"] as const;

export function UserManagementPanel() {
  const { t } = useAdminCopy();
  const isMobile = useIsMobile();
  const { search, setSearch, term, page, setPage } = usePagedSearch();
  const query = useAdminUsers({ search: term, page, pageSize: PAGE_SIZE });
  const data = query.data;
  const errorTitle = t("users.errorTitle");
  useErrorToast("admin-users-error", errorTitle, query.error, errorMessage);

  let state: ListState | null = null;
  if (!data && query.isError) {
    state = loadErrorState(errorTitle, errorMessage(query.error), () => void query.refetch());
  } else if (data?.users.length === 0) {
    state = term
      ? { icon: SearchXIcon, title: t("users.notFound"), body: <p>{t("users.notFoundSearch", { term })}</p> }
      : { icon: InboxIcon, title: t("users.notFound") };
  }

  return (
    <DashboardPage
      title={t("users.title")}
      description={t("users.description")}
      badge={
        <Badge variant="secondary" className="gap-1">
          <ShieldCheckIcon aria-hidden="true" />
          {t("users.adminAccess")}
        </Badge>
      }
    >
      <Card className="gap-0 overflow-hidden py-0">
        <div className="border-b px-4 py-4 sm:px-6">
          <SearchInput
            label={t("users.search")}
            placeholder={t("users.searchPlaceholder")}
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
                <ul aria-label={t("users.listLabel")} className="divide-y">
                  {users.map((user) => (
                    <UserCard key={user.id} user={user} />
                  ))}
                </ul>
              )}
              state={state}
              busy={query.isFetching && query.isPlaceholderData}
              loadingLabel={t("users.loading")}
            />
            {data && data.total > 0 ? <Pagination page={page} pageSize={PAGE_SIZE} total={data.total} estimate={data.totalIsEstimate} noun={t("users.noun")} label={t("users.pages")} onPageChange={setPage} /> : null}
          </>
        ) : (
          <DataTable
            columns={COLUMNS.map((key) => t(`users.columns.${key}`))}
            caption={t("users.caption")}
            scrollLabel={t("users.scrollLabel")}
            className="min-w-[52rem]"
            rows={data?.users}
            renderRow={(user) => <UserRow key={user.id} user={user} />}
            state={state}
            busy={query.isFetching && query.isPlaceholderData}
            skeletonClassName="h-4 w-32"
            pagination={data && { page, pageSize: PAGE_SIZE, total: data.total, noun: t("users.noun"), label: t("users.pages"), onPageChange: setPage }}
          />
        )}
      </Card>
    </DashboardPage>
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
      toast.success(adminText("users.roleUpdatedTitle"), { description: adminText("users.roleUpdated") });
    } catch (error) {
      showErrorToast(error, "update-role");
    }
  }
  return { isSelf, change, pending: setRole.isPending };
}

function RoleSelect({ user }: { user: AdminUser }) {
  const { t } = useAdminCopy();
  const { isSelf, change, pending } = useRoleChange(user);
  return (
    <Select value={user.role} onValueChange={(v) => void change(v as Role)} disabled={isSelf || pending}>
      <SelectTrigger size="sm" className="w-28" aria-label={t("users.roleOf", { email: user.email })} title={isSelf ? t("users.selfDemotion") : undefined}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="user">{t("roles.user")}</SelectItem>
        <SelectItem value="admin">{t("roles.admin")}</SelectItem>
      </SelectContent>
    </Select>
  );
}

/** Phones: the same row as a card. */
function UserCard({ user }: { user: AdminUser }) {
  const { t } = useAdminCopy();
  const me = useMe();
  const isSelf = me.data?.id === user.id;
  return (
    <li className="grid gap-3 px-4 py-4" data-testid="user-row">
      <div className="grid gap-0.5">
        <span className="font-medium break-all">{user.email}</span>
        <UserNames user={user} />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">{t("users.columns.role")}</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <RoleControls user={user} isSelf={isSelf} />
        </dd>
        <dt className="text-muted-foreground">{t("users.columns.reseller")}</dt>
        <dd className="flex items-center gap-2">
          <ResellerSwitch user={user} />
        </dd>
        <dt className="text-muted-foreground">{t("users.columns.twoFactor")}</dt>
        <dd className="flex items-center gap-2">
          <TwoFactorControls user={user} isSelf={isSelf} offClassName="text-muted-foreground" />
        </dd>
        <dt className="text-muted-foreground">{t("users.columns.createdAt")}</dt>
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
          <UserNames user={user} />
        </div>
      </TableCell>
      <TableCell>
        <div className="flex items-center gap-2">
          <RoleControls user={user} isSelf={isSelf} />
        </div>
      </TableCell>
      <TableCell>
        <div className="flex items-center gap-2">
          <ResellerSwitch user={user} />
        </div>
      </TableCell>
      <TableCell>
        <div className="flex items-center gap-2">
          <TwoFactorControls user={user} isSelf={isSelf} offClassName="text-sm text-muted-foreground" />
        </div>
      </TableCell>
      <TableCell className="pr-4 whitespace-nowrap text-muted-foreground sm:pr-6">{formatCreatedAt(user.createdAt)}</TableCell>
    </TableRow>
  );
}

/** The user's name and username, when they have either. */
function UserNames({ user }: { user: AdminUser }) {
  return user.name || user.username ? (
    <span className="text-xs text-muted-foreground" translate="no">{[user.name, user.username ? `@${user.username}` : null].filter(Boolean).join(" · ")}</span>
  ) : null;
}

/** The role dropdown, a super-admin's badge, and "you" on one's own row. */
function RoleControls({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const { t } = useAdminCopy();
  return (
    <>
      <RoleSelect user={user} />
      {user.superAdmin ? (
        <Badge variant="outline" className="text-xs">
          {t("roles.superAdmin")}
        </Badge>
      ) : null}
      {isSelf ? <span className="text-xs text-muted-foreground">{t("users.you")}</span> : null}
    </>
  );
}

/** Second factor on or off, and its reset (not on one's own row). */
function TwoFactorControls({ user, isSelf, offClassName }: { user: AdminUser; isSelf: boolean; offClassName: string }) {
  const { t } = useAdminCopy();
  return (
    <>
      {hasFactor(user) ? <Badge className="bg-emerald-600 text-white dark:bg-emerald-500">{t("users.on")}</Badge> : <span className={offClassName}>{t("users.off")}</span>}
      {hasFactor(user) && !isSelf ? <ResetTwoFactorButton user={user} /> : null}
    </>
  );
}

/** An authenticator app or a passkey (decision 038). */
const hasFactor = (user: AdminUser) => user.twoFactorEnabled || user.passkeyEnabled;

/** A lost phone or key: the super-admin removes the authenticator and passkeys; the person signs in again and sets up anew. */
function ResetTwoFactorButton({ user }: { user: AdminUser }) {
  const { t } = useAdminCopy();
  const reset = useResetTwoFactor();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={t("users.reset.label", { email: user.email })}>
          {t("users.reset.button")}
        </Button>
      }
      title={t("users.reset.title")}
      description={t(user.role === "admin" ? "users.reset.descriptionAdmin" : "users.reset.descriptionUser", { email: user.email })}
      confirmLabel={t("users.reset.button")}
      pendingLabel={t("users.reset.pending")}
      pending={reset.isPending}
      onConfirm={async () => {
        try {
          await reset.mutateAsync(user.id);
          toast.success(adminText("users.reset.doneTitle"), { description: adminText("users.reset.done") });
          return true;
        } catch (error) {
          showErrorToast(error, "reset-two-factor");
          return false;
        }
      }}
    />
  );
}
