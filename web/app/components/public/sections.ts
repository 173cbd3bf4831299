// Anchors of the landing sections the navigation bar scrolls to (also reachable as /#id).
export const SECTION_IDS = {
  pricing: "pricing",
  videos: "videos-section",
  setup: "setup-section",
} as const;

export type SectionId = (typeof SECTION_IDS)[keyof typeof SECTION_IDS];

/**
 * Smoothly scrolls to a section of the current page (instantly with reduced motion) and
 * moves keyboard focus there. Returns false when the section is not on this page.
 */
export function scrollToSection(id: string): boolean {
  const section = document.getElementById(id);
  if (!section) return false;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  section.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  // Sections carry tabIndex={-1}: focus follows the scroll for keyboard and screen-reader users.
  section.focus({ preventScroll: true });
  return true;
}

/**
 * Id of the hidden "(opens in a new tab)" hint rendered once by the public header; links that
 * open a new tab point at it with aria-describedby so their accessible name stays the label.
 */
export const NEW_TAB_HINT_ID = "new-tab-hint";
