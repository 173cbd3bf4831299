// How a list's search box becomes SQL that an index serves (migration 0015, decision 030):
//   - 3 characters or more: a case-insensitive part of any of the columns (ILIKE '%term%'), served
//     by their GIN trigram indexes, hit or miss;
//   - 1 or 2 characters: trigrams cannot serve them, so they match the beginning of the e-mail
//     column(s) only (lower(col) LIKE 'te%'), served by the lower(col) text_pattern_ops btrees.
import { ilike, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";

/** The shortest term matched anywhere in a column; shorter ones match the beginning of an e-mail. */
export const MIN_SUBSTRING_TERM = 3;

/** LIKE patterns match the search text literally. */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export interface TextSearch {
  /** Matched anywhere (3+ characters): each must have a gin_trgm_ops index. */
  anywhere: SQLWrapper[];
  /** Matched at the beginning (1–2 characters): each must have a lower(col) text_pattern_ops index. */
  prefix: SQLWrapper[];
}

/**
 * The LIKE pattern a 1–2 character term matches the lower-cased beginning of a column with, or
 * undefined for an empty term or one long enough to match anywhere. The order_prefix_totals rollup
 * (decision 033) matches the same pattern against the first two characters it keeps.
 */
export function prefixPattern(rawTerm: string): string | undefined {
  const term = rawTerm.trim();
  if (!term || term.length >= MIN_SUBSTRING_TERM) return undefined;
  return `${escapeLike(term.toLowerCase())}%`;
}

export function textSearch(rawTerm: string, { anywhere, prefix }: TextSearch): SQL | undefined {
  const term = rawTerm.trim();
  if (!term) return undefined;
  if (term.length >= MIN_SUBSTRING_TERM) return or(...anywhere.map((col) => ilike(col as never, `%${escapeLike(term)}%`)));
  const start = prefixPattern(term);
  return or(...prefix.map((col) => sql`lower(${col}) like ${start}`));
}
