import { useTranslation } from "~/lib/i18n";

export const MAIN_CONTENT_ID = "main-content";

/** First focusable element on every page: jumps past the navigation. */
export function SkipLink() {
  const { t } = useTranslation("common");
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only z-[60] rounded-md bg-background px-4 py-2 text-sm font-medium shadow-md ring-2 ring-ring focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t("a11y.skipLink")}
    </a>
  );
}
