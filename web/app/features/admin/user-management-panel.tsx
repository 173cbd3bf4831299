import { useEffect, useState, type ReactNode } from "react";
import { InboxIcon, RotateCwIcon, SearchXIcon, ShieldCheckIcon, TriangleAlertIcon } from "lucide-react";
import { toast } from "sonner";

import { ROLE_MESSAGES } from "../../../../contracts/admin";
import type { Role } from "../../../../contracts/me";
import { PageHeader } from "~/components/dashboard/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { SearchInput } from "~/components/ui/search-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Skeleton } from "~/components/ui/skeleton";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { TableMessage } from "~/features/licenses/table-message";
import { useDebouncedValue } from "~/features/licenses/use-debounced-value";
import { useMe } from "~/features/session/queries";
import { cn } from "~/lib/utils";

import { errorMessage, type AdminUser } from "./api";
import { formatCreatedAt } from "./format";
import { Pagination } from "./pagination";
import { useAdminUsers, useSetRole } from "./queries";

const PAGE_SIZE = 10;
const COLUMNS = ["Email", "Role", "Created At"] as const;

export function UserManagementPanel() {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim());
  const query = useAdminUsers({ search: debounced, page, pageSize: PAGE_SIZE });
  const data = query.data;

  useEffect(() => setPage(1), [debounced]);
  useEffect(() => {
    if (query.isError) toast.error("Error fetching users", { id: "admin-users-error", description: errorMessage(query.error) });
  }, [query.isError, query.error]);

  const busy = query.isFetching && query.isPlaceholderData;
  let message: { icon: typeof InboxIcon; tone?: "error"; title: string; body?: ReactNode } | null = null;
  if (!data && query.isError) {
    message = {
      icon: TriangleAlertIcon,
      tone: "error",
      title: "Error fetching users",
      body: (
        <>
          <p>{errorMessage(query.error)}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
            <RotateCwIcon aria-hidden="true" />
            Try again
          </Button>
        </>
      ),
    };
  } else if (data?.users.length === 0) {
    message = debounced
      ? { icon: SearchXIcon, title: "No users found", body: <p>No e-mail, username or name contains “{debounced}”.</p> }
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
            pending={query.isFetching && debounced !== ""}
            containerClassName="max-w-md"
          />
        </div>
        <Table aria-busy={busy || undefined} className="min-w-[36rem]" containerClassName="@container" scrollLabel="Users table">
          <TableCaption className="sr-only">Users with their role; change a role with its dropdown.</TableCaption>
          <TableHeader className="bg-muted/40">
            <TableRow className="hover:bg-transparent">
              {COLUMNS.map((c) => (
                <TableHead key={c} className="first:pl-4 last:pr-4 sm:first:pl-6 sm:last:pr-6">
                  {c}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody className={cn("transition-opacity", busy && "opacity-60")}>
            {message ? (
              <TableMessage colSpan={COLUMNS.length} icon={message.icon} tone={message.tone} title={message.title}>
                {message.body}
              </TableMessage>
            ) : data ? (
              data.users.map((u) => <UserRow key={u.id} user={u} />)
            ) : (
              Array.from({ length: 4 }, (_, i) => (
                <TableRow key={i} className="hover:bg-transparent">
                  {COLUMNS.map((c) => (
                    <TableCell key={c} className="first:pl-4 sm:first:pl-6">
                      <Skeleton className="h-4 w-32" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
        {data && data.total > 0 ? (
          <Pagination page={page} pageSize={PAGE_SIZE} total={data.total} noun="users" label="User pages" onPageChange={setPage} />
        ) : null}
      </Card>
    </div>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const me = useMe();
  const setRole = useSetRole();
  const isSelf = me.data?.id === user.id;
  const labelId = `role-label-${user.id}`;

  async function change(role: Role) {
    if (role === user.role) return;
    try {
      await setRole.mutateAsync({ id: user.id, role });
      toast.success(ROLE_MESSAGES.updatedTitle, { description: ROLE_MESSAGES.updated });
    } catch (error) {
      toast.error(ROLE_MESSAGES.errorTitle, { description: errorMessage(error) });
    }
  }

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
          <Select value={user.role} onValueChange={(v) => void change(v as Role)} disabled={isSelf || setRole.isPending}>
            <SelectTrigger size="sm" className="w-28" aria-label={`Role of ${user.email}`} title={isSelf ? ROLE_MESSAGES.selfDemotion : undefined}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="user">user</SelectItem>
              <SelectItem value="admin">admin</SelectItem>
            </SelectContent>
          </Select>
          {user.superAdmin ? (
            <Badge variant="outline" className="text-xs">
              Super-admin
            </Badge>
          ) : null}
          {isSelf ? <span className="text-xs text-muted-foreground">(you)</span> : null}
        </div>
      </TableCell>
      <TableCell className="pr-4 whitespace-nowrap text-muted-foreground sm:pr-6">{formatCreatedAt(user.createdAt)}</TableCell>
    </TableRow>
  );
}
