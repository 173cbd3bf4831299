import { useId, useState } from "react";
import { ChevronDownIcon, LanguagesIcon } from "lucide-react";

import { isLanguage, languageInfo, LANGUAGES, setLanguage, useTranslation, type Language } from "~/lib/i18n";
import { cn } from "~/lib/utils";

/**
 * The language of the app, as a native select (labelled, keyboard and screen-reader friendly, the
 * phone's own picker). A choice switches the translator once the language's copy and font are
 * ready (lib/i18n.ts), remembers it on this device (cookie + localStorage), then calls `onChosen`
 * (the dashboard saves it on the account).
 */
export function LanguageSwitch({ onChosen, className }: { onChosen?: (language: Language) => void; className?: string }) {
  const { t, i18n } = useTranslation("common");
  const id = useId();
  // While the copy and the font load, the select shows the choice already.
  const [pending, setPending] = useState<Language | null>(null);
  const value = pending ?? i18n.language;
  // The browser sizes a closed select by all its options' text in the select's font, so "ខ្មែរ"
  // fetched the Khmer web font (59 KB) on every English page's first load, competing with its
  // scripts on a phone (decision 073). Until the select is first reached it uses the same fonts
  // without that one (Latin text looks the same; Khmer takes the system's); then the shop's own.
  const [reached, setReached] = useState(false);
  const reach = () => setReached(true);

  async function choose(next: string) {
    if (!isLanguage(next) || next === value) return;
    setPending(next);
    try {
      await setLanguage(next);
    } finally {
      setPending(null);
    }
    if (i18n.language === next) onChosen?.(next);
  }

  return (
    <div className={cn("relative flex shrink-0 items-center", className)}>
      <label htmlFor={id} className="sr-only">
        {t("language.label")}
      </label>
      <LanguagesIcon className="pointer-events-none absolute left-2.5 size-4 text-muted-foreground" aria-hidden="true" />
      <select
        id={id}
        value={value}
        onChange={(event) => void choose(event.target.value)}
        aria-busy={pending !== null || undefined}
        onFocus={reach}
        onPointerDown={reach}
        onPointerEnter={reach}
        data-testid="language-switch"
        className={cn(
          !reached && languageInfo(value).webFont === null && "font-without-khmer",
          "h-8 cursor-pointer appearance-none rounded-md border border-input bg-transparent py-0 pr-7 pl-8 text-sm shadow-xs outline-none transition-[color,box-shadow] hover:bg-accent focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30 dark:hover:bg-input/50 [&>option]:bg-popover [&>option]:text-popover-foreground",
        )}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {languageInfo(lng).nativeName}
          </option>
        ))}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute right-2 size-3.5 text-muted-foreground" aria-hidden="true" />
    </div>
  );
}
