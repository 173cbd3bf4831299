// A dashboard list that is a table on a wide screen and cards on a phone, with the same rows,
// message (error or empty) and busy state in both.
import { useDeferredValue, type ComponentProps, type ReactNode } from "react";

import { useIsMobile } from "~/hooks/use-mobile";

import { DataCards, DataTable } from "./data-table";

type TableProps<Row> = Omit<ComponentProps<typeof DataTable<Row>>, "rows" | "pagination">;

export function ResponsiveList<Row>({
  rows,
  renderCards,
  cardsLoading,
  ...table
}: TableProps<Row> & {
  /** Undefined while the first load is under way. */
  rows: Row[] | undefined;
  /** The rows as cards, on a phone. */
  renderCards: (rows: Row[]) => ReactNode;
  /** The cards' first-load placeholder; by default two skeleton lines read as `loadingLabel`. */
  cardsLoading?: ReactNode;
}) {
  const isMobile = useIsMobile();
  // Rows render in a transition, in slices between which the browser stays responsive, rather
  // than in one long task when the data arrives (issue #28 item 5).
  const shownRows = useDeferredValue(rows);
  return isMobile ? (
    <DataCards
      rows={shownRows}
      renderCards={renderCards}
      state={table.state}
      busy={table.busy}
      loading={cardsLoading}
      loadingLabel={table.loadingLabel}
    />
  ) : (
    <DataTable rows={shownRows} {...table} />
  );
}
