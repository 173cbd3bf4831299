import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import {
  BookOpenIcon,
  ChevronDownIcon,
  CircleHelpIcon,
  DownloadIcon,
  ExternalLinkIcon,
  LanguagesIcon,
  MenuIcon,
  MessageCircleIcon,
  PlayCircleIcon,
  UsersIcon,
  XIcon,
  type LucideIcon,
} from "lucide-react";
import { Link, useLocation, useNavigate } from "react-router";

import { SITE } from "../../../../contracts/site";
import { LogoMark } from "~/components/logo";
import { ThemeToggleButton } from "~/components/theme-toggle";
import { Button } from "~/components/ui/button";
import { NEW_TAB_HINT_ID, scrollToSection, SECTION_IDS } from "~/features/landing/sections";
import { isLanguage, languageInfo, LANGUAGES, setLanguage, useTranslation } from "~/lib/i18n";
import { usePublicSession } from "~/lib/session";
import { cn } from "~/lib/utils";

/** The bar turns translucent once the page is scrolled further than this (spec: 50 px). */
export const SCROLL_THRESHOLD = 50;

const MOBILE_MENU_ID = "public-mobile-menu";

// The menus here are light disclosure widgets (no Radix DropdownMenu): the landing's first load
// must stay small, and Radix's menu + popper alone weigh ~32 KB gzip.
//
// On the prerendered pages this markup first works without React (web/enhance/header.ts, decision
// 016): the data-* hooks below are what that script drives, and every state it changes shows
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

type ExternalItem = { key: string; href: string; icon: LucideIcon };

const CONTACT_LINKS: ExternalItem[] = [
  { key: "supportChat", href: SITE.links.supportChat, icon: MessageCircleIcon },
  { key: "communityChat", href: SITE.links.communityChat, icon: UsersIcon },
  { key: "documentation", href: SITE.links.documentation, icon: BookOpenIcon },
];

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

/** The mobile menu's entries (the menu itself stays in the header, hidden until opened). */
function MobileMenuItems({
  goToSection,
  onChoose,
}: {
  goToSection: (id: string) => void;
  onChoose: () => void;
}) {
  const { t } = useTranslation("common");
  return (
    <div className="mx-auto grid max-w-6xl gap-1.5 px-4 py-4 sm:px-6">
      <MobileButton
        icon={PlayCircleIcon}
        section={SECTION_IDS.videos}
        onClick={() => {
          onChoose();
          goToSection(SECTION_IDS.videos);
        }}
      >
        {t("nav.videos")}
      </MobileButton>
      <MobileButton
        icon={DownloadIcon}
        section={SECTION_IDS.setup}
        onClick={() => {
          onChoose();
          goToSection(SECTION_IDS.setup);
        }}
      >
        {t("nav.download")}
      </MobileButton>
      <p className="mt-2 px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {t("nav.contact")}
      </p>
      {CONTACT_LINKS.map((item) => (
        <Button key={item.key} asChild variant="ghost" className="h-11 justify-start text-base">
          <a
            href={item.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby={NEW_TAB_HINT_ID}
            onClick={onChoose}
          >
            <item.icon className="size-5" aria-hidden="true" />
            {t(`nav.${item.key}`)}
            <ExternalLinkIcon className="ml-auto size-4 opacity-60" aria-hidden="true" />
          </a>
        </Button>
      ))}
      <Button asChild variant="ghost" className="h-11 justify-start text-base">
        <Link to="/faq" onClick={onChoose}>
          <CircleHelpIcon className="size-5" aria-hidden="true" />
          {t("nav.faq")}
        </Link>
      </Button>
      <div className="mt-3 grid gap-2 border-t border-border/60 pt-4">
        <AccountActions stacked onChoose={onChoose} />
      </div>
    </div>
  );
}

function MobileButton({
  icon: Icon,
  section,
  onClick,
  children,
}: {
  icon: LucideIcon;
  section: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      className="h-11 justify-start text-base"
      data-section={section}
      onClick={onClick}
    >
      <Icon className="size-5" aria-hidden="true" />
      {children}
    </Button>
  );
}

/**
 * A button that shows a small panel of links or choices (disclosure pattern): Escape or a click
 * outside closes it, arrow keys move between its items, focus leaving it closes it.
 */
function Disclosure({
  label,
  triggerLabel,
  triggerClassName,
  align = "start",
  children,
}: {
  /** Accessible name of the trigger, when its visible content is not enough. */
  label?: string;
  triggerLabel: ReactNode;
  triggerClassName?: string;
  align?: "start" | "end";
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  function items() {
    return Array.from(
      rootRef.current?.querySelectorAll<HTMLElement>("[data-menu-item]") ?? [],
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      setOpen(false);
      triggerRef.current?.focus();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    if (!open) {
      const last = event.key === "ArrowUp";
      setOpen(true);
      // The items can take focus once React has shown the panel.
      requestAnimationFrame(() => {
        const list = items();
        list[last ? list.length - 1 : 0]?.focus();
      });
      return;
    }
    const list = items();
    if (list.length === 0) return;
    const index = list.indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === "ArrowDown"
        ? (index + 1) % list.length
        : (index - 1 + list.length) % list.length;
    list[next]?.focus();
  }

  return (
    <div
      ref={rootRef}
      data-disclosure
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Button
        ref={triggerRef}
        type="button"
        variant="ghost"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        data-disclosure-trigger
        className={cn("group", triggerClassName)}
        onClick={() => setOpen((value) => !value)}
      >
        {triggerLabel}
        <ChevronDownIcon
          className="size-4 opacity-70 transition-transform group-aria-expanded:rotate-180"
          aria-hidden="true"
        />
      </Button>
      <div
        id={panelId}
        hidden={!open}
        className={cn(
          "absolute top-full z-50 mt-2 min-w-52 rounded-lg border bg-popover p-1.5 text-popover-foreground shadow-lg animate-in fade-in-0 zoom-in-95",
          align === "end" ? "right-0 origin-top-right" : "left-0 origin-top-left",
        )}
      >
        {children(close)}
      </div>
    </div>
  );
}

const MENU_ITEM_CLASS =
  "flex w-full items-center gap-2.5 rounded-md px-2.5 py-2 text-left text-sm outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4 [&_svg]:shrink-0";

function ContactMenu() {
  const { t } = useTranslation("common");
  return (
    <Disclosure triggerLabel={t("nav.contact")}>
      {(close) => (
        <ul className="grid gap-0.5">
          {CONTACT_LINKS.map((item) => (
            <li key={item.key}>
              <a
                data-menu-item
                href={item.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-describedby={NEW_TAB_HINT_ID}
                className={MENU_ITEM_CLASS}
                onClick={close}
              >
                <item.icon className="text-muted-foreground" aria-hidden="true" />
                {t(`nav.${item.key}`)}
                <ExternalLinkIcon className="ml-auto opacity-50" aria-hidden="true" />
              </a>
            </li>
          ))}
          <li className="mt-0.5 border-t border-border/70 pt-0.5">
            <Link data-menu-item to="/faq" className={MENU_ITEM_CLASS} onClick={close}>
              <CircleHelpIcon className="text-muted-foreground" aria-hidden="true" />
              {t("nav.faq")}
            </Link>
          </li>
        </ul>
      )}
    </Disclosure>
  );
}

/** The languages of contracts/languages.ts, each by its own name; the choice is remembered (localStorage) and sets <html lang>. */
function LanguageMenu() {
  const { t, i18n } = useTranslation("common");
  const current = i18n.language;
  return (
    <Disclosure
      align="end"
      label={`${t("language.label")}: ${languageInfo(current).nativeName}`}
      triggerClassName="gap-1.5 px-2.5"
      triggerLabel={
        <>
          <LanguagesIcon aria-hidden="true" />
          <span lang={current} className="text-sm">
            {languageInfo(current).nativeName}
          </span>
        </>
      }
    >
      {(close) => (
        <ul className="grid gap-0.5" aria-label={t("language.label")}>
          {LANGUAGES.map((lng) => (
            <li key={lng}>
              <button
                data-menu-item
                data-language={lng}
                type="button"
                lang={lng}
                aria-pressed={lng === current}
                className={cn(MENU_ITEM_CLASS, lng === current && "font-semibold text-brand-text")}
                onClick={() => {
                  close();
                  if (isLanguage(lng)) void setLanguage(lng); // waits for its font first
                }}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "size-1.5 rounded-full",
                    lng === current ? "bg-brand" : "bg-transparent",
                  )}
                />
                {languageInfo(lng).nativeName}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Disclosure>
  );
}

/** Sign In when signed out; Dashboard (and Sign Out off the home page) when signed in. */
function AccountActions({ stacked = false, onChoose }: { stacked?: boolean; onChoose?: () => void }) {
  const { t } = useTranslation("common");
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const signedIn = usePublicSession() != null;
  const [signingOut, setSigningOut] = useState(false);
  const size = stacked ? "lg" : "default";

  async function handleSignOut() {
    setSigningOut(true);
    try {
      // better-auth's client and the toaster load only now.
      const { signOut } = await import("~/features/session/sign-out");
      await signOut(navigate);
    } catch (error) {
      console.error("Sign out failed", error);
    } finally {
      setSigningOut(false);
    }
  }

  if (!signedIn) {
    return (
      <Button asChild size={size} className={cn(stacked && "w-full")}>
        <Link to="/auth" onClick={onChoose}>
          {t("nav.signIn")}
        </Link>
      </Button>
    );
  }

  return (
    <>
      {pathname !== "/" ? (
        <Button
          type="button"
          variant={stacked ? "outline" : "ghost"}
          size={size}
          className={cn(stacked && "w-full")}
          onClick={() => {
            onChoose?.();
            void handleSignOut();
          }}
          disabled={signingOut}
        >
          {t("nav.signOut")}
        </Button>
      ) : null}
      <Button asChild size={size} className={cn(stacked && "w-full", stacked && "order-first")}>
        <Link to="/license-keys" onClick={onChoose}>
          {t("nav.dashboard")}
        </Link>
      </Button>
    </>
  );
}
