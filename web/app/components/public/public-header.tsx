import { useCallback, useEffect, useRef, useState } from "react";
import { MenuIcon, XIcon } from "lucide-react";
import { Link, useLocation, useNavigate } from "react-router";

import { SITE } from "../../../../contracts/site";
import { AccountActions } from "~/components/public/account-actions";
import { ContactMenu } from "~/components/public/contact-menu";
import { LanguageMenu } from "~/components/public/language-menu";
import { MobileMenuItems } from "~/components/public/mobile-menu";
import { LogoMark } from "~/components/logo";
import { ThemeToggleButton } from "~/components/theme-toggle";
import { Button } from "~/components/ui/button";
import { NEW_TAB_HINT_ID, scrollToSection, SECTION_IDS } from "~/components/public/sections";
import { useTranslation } from "~/lib/i18n";
import { cn } from "~/lib/utils";

/** The bar turns translucent once the page is scrolled further than this (spec: 50 px). */
export const SCROLL_THRESHOLD = 50;

const MOBILE_MENU_ID = "public-mobile-menu";

// The menus here are light disclosure widgets (no Radix DropdownMenu): the landing's first load
// must stay small, and Radix's menu + popper alone weigh ~32 KB gzip.
//
// On the prerendered pages this markup first works without React (web/enhance/header.ts, decision
// 016): the data-* hooks here and in the menus' files (contact-menu, language-menu, mobile-menu,
// account-actions, header-disclosure) are what that script drives, and every state it changes shows
// through attributes (data-scrolled, data-menu-open, aria-expanded, hidden), which React renders
// the same way once it takes over. Menu panels are always rendered, hidden until opened.

function useScrolled(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setScrolled(window.scrollY > threshold);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return scrolled;
}

/** Videos / Download: smooth scroll on the home page, otherwise go to /#section. */
function useGoToSection() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (id: string) => {
      if (pathname === "/" && scrollToSection(id)) return;
      void navigate({ pathname: "/", hash: `#${id}` });
    },
    [pathname, navigate],
  );
}

export function PublicHeader() {
  const { t } = useTranslation("common");
  const { pathname } = useLocation();
  const scrolled = useScrolled(SCROLL_THRESHOLD);
  const goToSection = useGoToSection();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Prerendered HTML shows before React takes over; tests and tools wait for this marker.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // A new page closes the mobile menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header
      data-public-header
      data-scrolled={scrolled ? "true" : "false"}
      data-menu-open={menuOpen ? "true" : "false"}
      data-hydrated={hydrated ? "true" : undefined}
      className={cn(
        // Same height and border width in both states: nothing moves when it turns translucent.
        "sticky top-0 z-40 border-b border-transparent bg-background transition-[background-color,border-color,box-shadow] duration-200",
        "data-[menu-open=true]:border-border/70 data-[menu-open=true]:bg-background/75 data-[menu-open=true]:shadow-sm data-[menu-open=true]:backdrop-blur-md data-[menu-open=true]:supports-[backdrop-filter]:bg-background/65",
        "data-[scrolled=true]:border-border/70 data-[scrolled=true]:bg-background/75 data-[scrolled=true]:shadow-sm data-[scrolled=true]:backdrop-blur-md data-[scrolled=true]:supports-[backdrop-filter]:bg-background/65",
      )}
    >
      <span id={NEW_TAB_HINT_ID} hidden>
        {t("nav.newTab")}
      </span>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Link
          to="/"
          aria-label={t("nav.home", { brand: SITE.brandName })}
          className="mr-2 flex shrink-0 items-center gap-2.5 rounded-md text-lg font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <LogoMark />
          <span>{SITE.brandName}</span>
        </Link>

        <nav aria-label={t("nav.label")} className="hidden items-center gap-1 md:flex">
          <Button
            type="button"
            variant="ghost"
            data-section={SECTION_IDS.videos}
            onClick={() => goToSection(SECTION_IDS.videos)}
          >
            {t("nav.videos")}
          </Button>
          <Button
            type="button"
            variant="ghost"
            data-section={SECTION_IDS.setup}
            onClick={() => goToSection(SECTION_IDS.setup)}
          >
            {t("nav.download")}
          </Button>
          <ContactMenu />
        </nav>

        <div className="ml-auto flex items-center gap-1">
          <LanguageMenu />
          <ThemeToggleButton />
          <div className="ml-1 hidden items-center gap-2 md:flex">
            <AccountActions />
          </div>
          <Button
            ref={toggleRef}
            type="button"
            variant="ghost"
            size="icon"
            className="group md:hidden"
            data-mobile-menu-toggle
            data-label-open={t("nav.openMenu")}
            data-label-close={t("nav.closeMenu")}
            aria-label={menuOpen ? t("nav.closeMenu") : t("nav.openMenu")}
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <XIcon aria-hidden="true" className="hidden group-aria-expanded:block" />
            <MenuIcon aria-hidden="true" className="group-aria-expanded:hidden" />
          </Button>
        </div>
      </div>

      <nav
        id={MOBILE_MENU_ID}
        aria-label={t("nav.label")}
        hidden={!menuOpen}
        className="border-t border-border/60 md:hidden"
      >
        <MobileMenuItems goToSection={goToSection} onChoose={closeMenu} />
      </nav>
    </header>
  );
}
