import type { ReactNode } from "react";

import { DataCards, DataTable, type DataTableColumn } from "~/components/data-table/data-table";
import type { ListState } from "~/components/data-table/list-state";
import { Card } from "~/components/ui/card";
import { useIsMobile } from "~/hooks/use-mobile";

import { useAdminCustomerCopy } from "./copy";

/** One section of the customer's page: a heading with its count, an optional action, the list. */
export function SectionCard({
  id,
  title,
  count,
  shown,
  action,
  children,
}: {
  id: string;
  title: string;
  /** All the rows there are. */
  count: number;
  /** The rows listed (the newest 100). */
  shown: number;
  action?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useAdminCustomerCopy();
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId}>
      <Card className="gap-0 overflow-hidden py-0">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b px-4 py-3 sm:px-6">
          <h2 id={headingId} className="font-semibold">
            {title}
          </h2>
          <span className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground tabular-nums">
            {shown < count ? t("section.newest", { shown, count }) : count}
          </span>
          {action ? <div className="ml-auto">{action}</div> : null}
        </div>
        {children}
      </Card>
    </section>
  );
}

/** A phone card's fields: terms on the left, values on the right. */
export function CardFields({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">{children}</dl>;
}

export function CardField({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/** A table on desktop, a list of cards below 768 px, with one empty message for both. */
export function ResponsiveList<Row>({
  rows,
  empty,
  columns,
  caption,
  tableClassName,
  renderRow,
  cardsLabel,
  renderCard,
}: {
  rows: Row[];
  empty: ListState;
  columns: readonly DataTableColumn[];
  /** Read by screen readers: what the table lists. */
  caption: string;
  /** The table's minimum width: `min-w-[48rem]`. */
  tableClassName?: string;
  renderRow: (row: Row) => ReactNode;
  /** Names the card list. */
  cardsLabel: string;
  /** One <li> per row, with a key. */
  renderCard: (row: Row) => ReactNode;
}) {
  const { t } = useAdminCustomerCopy();
  const isMobile = useIsMobile();
  const state = rows.length ? null : empty;
  if (isMobile) {
    return (
      <DataCards
        rows={rows}
        state={state}
        renderCards={(list) => (
          <ul aria-label={cardsLabel} className="divide-y">
            {list.map(renderCard)}
          </ul>
        )}
      />
    );
  }
  return <DataTable columns={columns} caption={caption} scrollLabel={t("section.table", { name: cardsLabel })} className={tableClassName} rows={rows} state={state} renderRow={renderRow} />;
}
