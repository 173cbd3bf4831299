import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";

import { Button } from "~/components/ui/button";

import { useTableCopy } from "./copy";

export function pageCount(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize));
}

export type PaginationProps = {
  page: number;
  pageSize: number;
  total: number;
  /** Plural noun of the rows, in the reader's language: 'users', 'transactions' (left out: 'Showing 1 to 10 of 42'). */
  noun?: string;
  /** Names the navigation landmark. */
  label: string;
  onPageChange: (page: number) => void;
  /** The total is the server's estimate (a list of more than 10,000 rows): shown as 'about'. */
  estimate?: boolean;
};

/** 'Showing X to Y of Z users', Previous / Next and 'Page N of M' (server-side paging). */
export function Pagination({ page, pageSize, total, noun, label, onPageChange, estimate = false }: PaginationProps) {
  const { t } = useTableCopy();
  const pages = pageCount(total, pageSize);
  const from = total === 0 ? 0 : Math.min((page - 1) * pageSize + 1, total);
  const to = Math.min(page * pageSize, total);
  return (
    <nav aria-label={label} className="flex flex-col gap-3 border-t px-4 py-3 text-sm sm:flex-row sm:items-center sm:px-6">
      <p className="text-muted-foreground sm:mr-auto" aria-live="polite">
        {t(noun ? "pagination.showingNoun" : "pagination.showing", { from, to, noun, total: estimate ? t("pagination.about", { total }) : total })}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeftIcon aria-hidden="true" />
          {t("pagination.previous")}
        </Button>
        <span className="px-1 whitespace-nowrap tabular-nums" data-testid="page-indicator">
          {t("pagination.page", { page, pages: estimate ? t("pagination.about", { total: pages }) : pages })}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          {t("pagination.next")}
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
