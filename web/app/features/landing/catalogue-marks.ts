// Stand-ins for the values the static landing's script (web/enhance/catalogue.ts) puts into words
// rendered at build time (decision 076): shared by the prerender and the script, nothing else
// here so the script's bundle stays a few bytes.

/** Where a number (days, keys, months) or a plan's title goes. */
export const COUNT_MARK = 987_654_321;
/** Where a price goes (the hero's "3 Months · $29.99"). */
export const PRICE_MARK = "123456789";
