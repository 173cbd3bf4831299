// Small shared facts the server and the web used to spell out each on its own (issue #31): one owner each.

/** Milliseconds in a day: the licence terms, reminders, refund windows and links count whole days of 24 hours. */
export const DAY_MS = 86_400_000;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A text shaped like a UUID, any letter case: ids from a URL or a body are checked before they
 * reach a uuid column, where PostgreSQL would refuse the query instead of finding nothing.
 */
export const isUuid = (text: string): boolean => UUID_PATTERN.test(text);
