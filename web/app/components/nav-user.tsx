import { LogOutIcon } from "lucide-react";

import { ThemeIcon } from "~/components/theme-toggle";
import { Avatar, AvatarFallback } from "~/components/ui/avatar";
import {
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSkeleton,
} from "~/components/ui/sidebar";
import { useSignOut } from "~/features/session/use-sign-out";
import type { CurrentUser } from "~/lib/api";
import { useTranslation, type TFunction } from "~/lib/i18n";
import { useTheme } from "~/lib/theme";

function initialsOf(user: CurrentUser) {
  const source = user.name.trim() || user.email;
  const parts = source.split(/[\s@._-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts[1]?.[0] ?? "")).toUpperCase() || "?";
}

function roleLabel(t: TFunction, user: CurrentUser) {
  if (user.superAdmin) return t("user.superAdmin");
  return user.role === "admin" ? t("user.admin") : t("user.member");
}

/** Bottom of the sidebar: who is signed in, the theme toggle and Log out. */
export function NavUser({ user }: { user: CurrentUser | null }) {
  const { t } = useTranslation("shell");
  const { toggleTheme } = useTheme();
  const signOut = useSignOut();

  return (
    <SidebarMenu>
      <SidebarMenuItem>
        {user ? (
          <div className="flex items-center gap-2 overflow-hidden rounded-md p-2 text-left text-sm group-data-[collapsible=icon]:p-0">
            <Avatar className="size-8 rounded-lg">
              <AvatarFallback className="rounded-lg bg-brand text-xs font-semibold text-brand-foreground">
                {initialsOf(user)}
              </AvatarFallback>
            </Avatar>
            <div className="grid min-w-0 flex-1 leading-tight">
              <span className="truncate font-medium">{user.name.trim() || user.email}</span>
              <span className="truncate text-xs text-muted-foreground">
                {user.name.trim() ? user.email : roleLabel(t, user)}
              </span>
            </div>
          </div>
        ) : (
          <SidebarMenuSkeleton showIcon />
        )}
      </SidebarMenuItem>
      <SidebarMenuItem>
        <SidebarMenuButton type="button" onClick={toggleTheme} tooltip={t("common:a11y.toggleTheme")}>
          <ThemeIcon />
          <span>{t("common:a11y.toggleTheme")}</span>
        </SidebarMenuButton>
      </SidebarMenuItem>
      <SidebarMenuItem>
        <SidebarMenuButton
          type="button"
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
          tooltip={t("user.logOut")}
        >
          <LogOutIcon aria-hidden="true" />
          <span>{signOut.isPending ? t("user.loggingOut") : t("user.logOut")}</span>
        </SidebarMenuButton>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
