// What a list shows instead of rows (an error with Try again, or an empty message), the error
// toast every list raises once, and the search-with-paging state the lists share.
import { useEffect, useState, type ReactNode } from "react";
import { RotateCwIcon, TriangleAlertIcon, type LucideIcon } from "lucide-react";
import { toast } from "~/lib/toast";

import { Button } from "~/components/ui/button";

import { useTableCopy } from "./copy";
import { useDebouncedValue } from "./use-debounced-value";

export type ListState = {
  icon: LucideIcon;
  tone?: "neutral" | "error";
  title: string;
  body?: ReactNode;
};

/** The failed first load: the server's message and a Try again button. */
export function loadErrorState(title: string, message: string, retry: () => void): ListState {
  return {
    icon: TriangleAlertIcon,
    tone: "error",
    title,
    body: (
      <>
        <p>{message}</p>
        <TryAgain retry={retry} />
      </>
    ),
  };
}

function TryAgain({ retry }: { retry: () => void }) {
  const { t } = useTableCopy();
  return (
    <Button variant="outline" size="sm" className="mt-3" onClick={retry}>
      <RotateCwIcon aria-hidden="true" />
      {t("tryAgain")}
    </Button>
  );
}

/** A toast when a list's query fails (one per list: the id replaces an earlier one). */
export function useErrorToast(id: string, title: string, error: unknown, describe: (error: unknown) => string) {
  useEffect(() => {
    if (error) toast.error(title, { id, description: describe(error) });
  }, [id, title, error, describe]);
}

/**
 * A search box's text, the term actually searched (trimmed, after typing pauses) and the page,
 * which goes back to 1 whenever the term changes.
 */
export function usePagedSearch(delay = 250) {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const term = useDebouncedValue(search.trim(), delay);
  // Back to page 1 in the same render as the new term (React's "adjust state while rendering"),
  // so no request goes out for the old page number of the new search.
  const [searched, setSearched] = useState(term);
  if (searched !== term) {
    setSearched(term);
    setPage(1);
  }
  return { search, setSearch, term, typing: search.trim() !== term, page, setPage };
}
