import { Suspense, type ComponentType } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { toast } from "~/lib/toast";

import { LanguageSwitch } from "~/components/language-switch";
import { Separator } from "~/components/ui/separator";
import { SidebarTrigger } from "~/components/ui/sidebar";
import { saveAccountLanguage } from "~/features/session/account-language";
import { sessionKeys, useMe } from "~/features/session/queries";
import { shellText } from "~/features/shell/copy";
import type { CurrentUser } from "~/lib/api";
import { useTranslation, type Language } from "~/lib/i18n";
import { BRAND_NAME, findPage, hasSecondFactor } from "~/lib/nav";
import { cn } from "~/lib/utils";

/**
 * The dashboard's header. `AdminSearch` is the admin console's customer search, handed in by the
 * dashboard layout (a lazy component: no admin code in a customer's first load, decision 049);
 * it is shown to admins only.
 */
export function SiteHeader({ AdminSearch }: { AdminSearch?: ComponentType<{ className?: string }> }) {
  const { t } = useTranslation("shell");
  const { pathname } = useLocation();
  const page = findPage(pathname);
  const me = useMe();
  // The customer search is the admin console's (the server refuses everyone else anyway).
  const admin = me.data?.role === "admin" && hasSecondFactor(me.data) && me.data.secondFactorVerified;

  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="flex w-full min-w-0 items-center gap-2 px-4 lg:px-6">
        <SidebarTrigger className="-ml-1" label={t("sidebar.toggle")} />
        <Separator orientation="vertical" className="mx-1 data-[orientation=vertical]:h-4" />
        {/* On a phone an admin's header holds the search instead: the page's own heading names it. */}
        <p className={cn("min-w-0 items-center gap-1.5 text-sm", admin ? "hidden sm:flex" : "flex")}>
          <span className="text-muted-foreground">{BRAND_NAME}</span>
          {page ? (
            <>
              <span className="text-muted-foreground/60" aria-hidden="true">
                /
              </span>
              <span className="truncate font-medium">{t(`nav.${page.key}`)}</span>
            </>
          ) : null}
        </p>
        <div className={cn("ml-auto flex min-w-0 items-center gap-2", admin && "w-full sm:w-auto")}>
          {admin && AdminSearch ? (
            <Suspense fallback={null}>
              <AdminSearch className="w-full min-w-0 sm:w-xs lg:w-sm" />
            </Suspense>
          ) : null}
          <AccountLanguageSwitch signedIn={me.data != null} />
        </div>
      </div>
    </header>
  );
}

/** The language switch of the dashboard: the choice is also saved on the account (PATCH /api/profile). */
function AccountLanguageSwitch({ signedIn }: { signedIn: boolean }) {
  const queryClient = useQueryClient();

  function save(language: Language) {
    if (!signedIn) return;
    saveAccountLanguage(language)
      .then(() => queryClient.setQueryData<CurrentUser | null>(sessionKeys.me, (user) => (user ? { ...user, language } : user)))
      .catch((error: unknown) => {
        console.error("Could not save the account's language", error);
        toast.error(shellText("language.saveFailed"), { id: "language-save" });
      });
  }

  return <LanguageSwitch onChosen={save} />;
}
