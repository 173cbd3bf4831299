// The public navigation bar without React: translucent after 50 px, the Contact and language
// menus, the mobile menu, Videos / Download, the theme toggle. Same markup as
// components/public/public-header.tsx renders; the same behaviour as its React code.
import { scrollToSection } from "../app/components/public/sections";
import { languageCookie, rememberLanguage } from "../app/lib/language-choice";
import { beforeUpgrade, staticSignal as signal, upgrade } from "./app";

/** Spec: the bar turns translucent once the page is scrolled further than 50 px. */
const SCROLL_THRESHOLD = 50;

function translucentOnScroll(header: HTMLElement) {
  let frame = 0;
  const update = () => {
    frame = 0;
    header.dataset.scrolled = window.scrollY > SCROLL_THRESHOLD ? "true" : "false";
  };
  update();
  window.addEventListener("scroll", () => (frame ||= requestAnimationFrame(update)), { passive: true, signal });
}

function panelOf(trigger: Element) {
  return document.getElementById(trigger.getAttribute("aria-controls") ?? "");
}

function setOpen(trigger: HTMLElement, open: boolean) {
  const panel = panelOf(trigger);
  if (!panel) return;
  trigger.setAttribute("aria-expanded", String(open));
  panel.hidden = !open;
}

/** Contact and language menus: disclosure buttons with a panel of links or choices. */
function disclosure(root: HTMLElement) {
  const trigger = root.querySelector<HTMLElement>("[data-disclosure-trigger]");
  if (!trigger) return;
  const isOpen = () => trigger.getAttribute("aria-expanded") === "true";
  const items = () => Array.from(root.querySelectorAll<HTMLElement>("[data-menu-item]"));
  const close = () => setOpen(trigger, false);
  beforeUpgrade(close);

  trigger.addEventListener("click", () => setOpen(trigger, !isOpen()), { signal });
  root.addEventListener(
    "keydown",
    (event) => {
      if (event.key === "Escape" && isOpen()) {
        event.stopPropagation();
        close();
        trigger.focus();
        return;
      }
      if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
      event.preventDefault();
      const list = items();
      if (!isOpen()) {
        setOpen(trigger, true);
        list[event.key === "ArrowUp" ? list.length - 1 : 0]?.focus();
        return;
      }
      const index = list.indexOf(document.activeElement as HTMLElement);
      const step = event.key === "ArrowDown" ? 1 : -1;
      list[(index + step + list.length) % list.length]?.focus();
    },
    { signal },
  );
  root.addEventListener(
    "focusout",
    (event) => {
      if (isOpen() && !root.contains(event.relatedTarget as Node | null)) close();
    },
    { signal },
  );
  document.addEventListener(
    "pointerdown",
    (event) => {
      if (isOpen() && !root.contains(event.target as Node)) close();
    },
    { signal },
  );
  for (const item of items()) item.addEventListener("click", close, { signal });
}

/** The hamburger menu below the medium breakpoint: closes after any choice and on Escape. */
function mobileMenu(header: HTMLElement) {
  const toggle = header.querySelector<HTMLElement>("[data-mobile-menu-toggle]");
  const panel = toggle && panelOf(toggle);
  if (!toggle || !panel) return;
  const set = (open: boolean) => {
    setOpen(toggle, open);
    header.dataset.menuOpen = String(open);
    const label = open ? toggle.dataset.labelClose : toggle.dataset.labelOpen;
    if (label) toggle.setAttribute("aria-label", label);
  };
  beforeUpgrade(() => set(false));
  toggle.addEventListener("click", () => set(panel.hidden), { signal });
  panel.addEventListener(
    "click",
    (event) => {
      if ((event.target as Element).closest("a, button")) set(false);
    },
    { signal },
  );
  document.addEventListener(
    "keydown",
    (event) => {
      if (event.key === "Escape" && !panel.hidden) {
        set(false);
        toggle.focus();
      }
    },
    { signal },
  );
}

/** Videos / Download: a smooth scroll on the home page, otherwise /#section. */
function sectionLinks() {
  document.addEventListener(
    "click",
    (event) => {
      const button = (event.target as Element).closest<HTMLElement>("[data-section]");
      const id = button?.dataset.section;
      if (!id) return;
      if (location.pathname === "/" && scrollToSection(id)) return;
      location.assign(`/#${id}`);
    },
    { signal },
  );
}

/** Same storage and effect as lib/theme.tsx and lib/boot.js. */
function themeToggle() {
  document.addEventListener(
    "click",
    (event) => {
      if (!(event.target as Element).closest("[data-theme-toggle]")) return;
      const root = document.documentElement;
      const dark = !root.classList.contains("dark");
      root.classList.toggle("dark", dark);
      root.style.colorScheme = dark ? "dark" : "light";
      try {
        localStorage.setItem("theme", dark ? "dark" : "light");
      } catch {
        // Not remembered; still applied to this page.
      }
    },
    { signal },
  );
}

/**
 * Another language: the server has this page prerendered in it too (index.km.html), sent by the
 * remembered choice's cookie, so a reload shows it, still without the app. Without cookies the
 * app switches in place instead.
 */
function languageChoices() {
  document.addEventListener(
    "click",
    (event) => {
      const choice = (event.target as Element).closest<HTMLElement>("[data-language]");
      const lang = choice?.dataset.language;
      if (!lang || lang === document.documentElement.lang) return;
      rememberLanguage(lang);
      document.documentElement.setAttribute("aria-busy", "true");
      if ((languageCookie() ?? "en") === lang) location.reload();
      else void upgrade().then(() => document.documentElement.removeAttribute("aria-busy"));
    },
    { signal },
  );
}

export function enhanceHeader() {
  const header = document.querySelector<HTMLElement>("[data-public-header]");
  if (!header) return;
  translucentOnScroll(header);
  for (const root of header.querySelectorAll<HTMLElement>("[data-disclosure]")) disclosure(root);
  mobileMenu(header);
  sectionLinks();
  themeToggle();
  languageChoices();
}
