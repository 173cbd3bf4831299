import { LanguagesIcon } from "lucide-react";

import { Disclosure, MENU_ITEM_CLASS } from "~/components/public/header-disclosure";
import { isLanguage, languageInfo, LANGUAGES, setLanguage, useTranslation } from "~/lib/i18n";
import { cn } from "~/lib/utils";

/** The languages of contracts/languages.ts, each by its own name; the choice is remembered (localStorage) and sets <html lang>. */
export function LanguageMenu() {
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
