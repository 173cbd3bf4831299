import { Link } from "react-router";

import { LogoMark } from "~/components/logo";
import { NavMain } from "~/components/nav-main";
import { NavUser } from "~/components/nav-user";
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  SidebarSeparator,
} from "~/components/ui/sidebar";
import type { CurrentUser } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";
import { BRAND_NAME, menuEntriesFor } from "~/lib/nav";

export function AppSidebar({ user }: { user: CurrentUser | null }) {
  const { t } = useTranslation("shell");
  return (
    <Sidebar collapsible="icon" mobileTitle={t("sidebar.mobileTitle", { brand: BRAND_NAME })} mobileDescription={t("sidebar.mobileDescription")}>
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild size="lg" tooltip={BRAND_NAME}>
              <Link to="/license-keys">
                <span className="flex size-8 shrink-0 items-center justify-center">
                  <LogoMark className="size-8" />
                </span>
                <span className="grid leading-tight">
                  <span className="text-base font-semibold tracking-tight">{BRAND_NAME}</span>
                  <span className="text-xs text-muted-foreground">{t("sidebar.subtitle")}</span>
                </span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label={t("sidebar.navLabel")}>
          <NavMain items={user ? menuEntriesFor(user) : null} />
        </nav>
      </SidebarContent>
      <SidebarSeparator />
      <SidebarFooter>
        <NavUser user={user} />
      </SidebarFooter>
      <SidebarRail title={t("sidebar.toggle")} />
    </Sidebar>
  );
}
