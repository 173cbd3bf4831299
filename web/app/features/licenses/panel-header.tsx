import { SearchInput } from "~/components/ui/search-input";
import { useTranslation } from "~/lib/i18n";

/**
 * The top of the licence lists (License Keys, License History): the heading, how many rows there
 * are (read out as it changes) and the search box, in the list's own words (`panel.*` of its
 * namespace).
 */
export function LicensesPanelHeader({
  ns,
  count,
  failed,
  search,
  onSearch,
  pending,
  searchClassName,
}: {
  ns: "licenses" | "history";
  /** The count's words once the list is loaded; until then "Loading…", or "Not loaded" after a failure. */
  count: string | undefined;
  failed: boolean;
  search: string;
  onSearch: (value: string) => void;
  /** The search is being typed or its answer is loading. */
  pending: boolean;
  searchClassName: string;
}) {
  const { t } = useTranslation(ns);
  return (
    <div className="flex flex-col gap-3 border-b px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
      <div className="grid gap-0.5">
        <h2 className="font-semibold">{t("panel.heading")}</h2>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {count ?? (failed ? t("table:notLoaded") : t("table:loading"))}
        </p>
      </div>
      <SearchInput
        label={t("panel.searchLabel")}
        placeholder={t("panel.searchPlaceholder")}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        pending={pending}
        maxLength={200}
        containerClassName={searchClassName}
      />
    </div>
  );
}
