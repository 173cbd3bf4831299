import { useLocation } from "react-router";

import { Separator } from "~/components/ui/separator";
import { SidebarTrigger } from "~/components/ui/sidebar";
import { BRAND_NAME, findNavEntry } from "~/lib/nav";

export function SiteHeader() {
  const { pathname } = useLocation();
  const section = findNavEntry(pathname)?.title;

  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="flex w-full items-center gap-2 px-4 lg:px-6">
        <SidebarTrigger className="-ml-1" />
        <Separator orientation="vertical" className="mx-1 data-[orientation=vertical]:h-4" />
        <p className="flex min-w-0 items-center gap-1.5 text-sm">
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
      </div>
    </header>
  );
}
