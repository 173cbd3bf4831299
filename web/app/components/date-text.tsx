import { useTableCopy } from "~/components/data-table/copy";
import { MISSING, useDates } from "~/lib/dates";

/** A date like 'Nov 22, 2026' (in the reader's language) in a <time>, or a dash read out as 'Not set'. */
export function DateText({ iso }: { iso: string | null }) {
  const { t } = useTableCopy();
  const { formatDate } = useDates();
  const text = formatDate(iso);
  if (!iso || text === MISSING) {
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">{MISSING}</span>
        <span className="sr-only">{t("notSet")}</span>
      </span>
    );
  }
  return <time dateTime={iso}>{text}</time>;
}
