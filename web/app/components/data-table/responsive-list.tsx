// A dashboard list that is a table on a wide screen and cards on a phone, with the same rows,
// message (error or empty) and busy state in both.
import type { ComponentProps, ReactNode } from "react";

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
  return isMobile ? (
    <DataCards
      rows={rows}
      renderCards={renderCards}
      state={table.state}
      busy={table.busy}
      loading={cardsLoading}
      loadingLabel={table.loadingLabel}
    />
  ) : (
    <DataTable rows={rows} {...table} />
  );
}
