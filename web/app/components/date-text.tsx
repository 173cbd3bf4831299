import { formatDate, MISSING } from "~/lib/dates";

/** A date like 'Nov 22, 2026' in a <time>, or a dash read out as 'Not set'. */
export function DateText({ iso }: { iso: string | null }) {
  const text = formatDate(iso);
  if (!iso || text === MISSING) {
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">{MISSING}</span>
        <span className="sr-only">Not set</span>
      </span>
    );
  }
  return <time dateTime={iso}>{text}</time>;
}
