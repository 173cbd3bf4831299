import { useLocation } from "react-router";

import { Separator } from "~/components/ui/separator";
import { SidebarTrigger } from "~/components/ui/sidebar";
import { CustomerSearch } from "~/features/admin/customer/customer-search";
import { useMe } from "~/features/session/queries";
import { BRAND_NAME, findPage, hasSecondFactor } from "~/lib/nav";
import { cn } from "~/lib/utils";

export function SiteHeader() {
  const { pathname } = useLocation();
  const section = findPage(pathname)?.title;
  const me = useMe();
  // The customer search is the admin console's (the server refuses everyone else anyway).
  const admin = me.data?.role === "admin" && hasSecondFactor(me.data) && me.data.secondFactorVerified;

  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="flex w-full min-w-0 items-center gap-2 px-4 lg:px-6">
        <SidebarTrigger className="-ml-1" />
        <Separator orientation="vertical" className="mx-1 data-[orientation=vertical]:h-4" />
        {/* On a phone an admin's header holds the search instead: the page's own heading names it. */}
        <p className={cn("min-w-0 items-center gap-1.5 text-sm", admin ? "hidden sm:flex" : "flex")}>
          <span className="text-muted-foreground">{BRAND_NAME}</span>
          {section ? (
            <>
              <span className="text-muted-foreground/60" aria-hidden="true">
                /
              </span>
              <span className="truncate font-medium">{section}</span>
            </>
          ) : null}
        </p>
        {admin ? <CustomerSearch className="ml-auto w-full min-w-0 sm:max-w-xs lg:max-w-sm" /> : null}
      </div>
    </header>
  );
}
