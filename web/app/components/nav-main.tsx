import { Suspense } from "react";
import { NavLink, useLocation } from "react-router";

import {
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSkeleton,
  useSidebar,
} from "~/components/ui/sidebar";
import { useTranslation } from "~/lib/i18n";
import type { NavEntry } from "~/lib/nav";

export function NavMain({ items }: { items: readonly NavEntry[] | null }) {
  const { t } = useTranslation("shell");
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();

  return (
    <SidebarGroup>
      <SidebarGroupLabel>{t("sidebar.menu")}</SidebarGroupLabel>
      <SidebarGroupContent>
        <SidebarMenu>
          {items === null
            ? Array.from({ length: 6 }, (_, index) => (
                <SidebarMenuItem key={index}>
                  <SidebarMenuSkeleton showIcon />
                </SidebarMenuItem>
              ))
            : items.map((item) => (
                <SidebarMenuItem key={item.url}>
                  <SidebarMenuButton asChild isActive={pathname === item.url} tooltip={t(`nav.${item.key}`)}>
                    <NavLink
                      to={item.url}
                      end
                      onClick={() => {
                        if (isMobile) setOpenMobile(false);
                      }}
                    >
                      {/* An admin or reseller entry's icon loads when first shown (lib/nav.ts). */}
                      <Suspense fallback={<span className="size-4 shrink-0" aria-hidden="true" />}>
                        <item.icon aria-hidden="true" />
                      </Suspense>
                      <span>{t(`nav.${item.key}`)}</span>
                    </NavLink>
                  </SidebarMenuButton>
                </SidebarMenuItem>
              ))}
        </SidebarMenu>
      </SidebarGroupContent>
    </SidebarGroup>
  );
}
