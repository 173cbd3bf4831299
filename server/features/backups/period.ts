// BACKUP_EVERY's periods (config.ts reads it; kept apart from backup.ts, which opens databases).

/** "30m", "6h", "1d" in milliseconds; undefined when it is not such a period. */
export function parseBackupPeriod(value: string): number | undefined {
  const m = /^(\d{1,4})(m|h|d)$/.exec(value.trim());
  if (!m) return undefined;
  return Number(m[1]) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as "m" | "h" | "d"];
}
