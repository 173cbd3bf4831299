// Dates as the dashboard shows them: 'Nov 22, 2026' (en-US, the viewer's time zone).

const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
});

const timeFormat = new Intl.DateTimeFormat("en-US", {
  hour: "numeric",
  minute: "2-digit",
});

export const MISSING = "—";

function toDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Nov 22, 2026', or '—' when missing or unreadable. */
export function formatDate(iso: string | null | undefined): string {
  const date = toDate(iso);
  return date ? dateFormat.format(date) : MISSING;
}

/** '3:04 PM', or '' when missing or unreadable. */
export function formatTime(iso: string | null | undefined): string {
  const date = toDate(iso);
  return date ? timeFormat.format(date) : "";
}

/** 'Nov 22, 2026, 3:04 PM', or '—'. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = toDate(iso);
  return date ? `${dateFormat.format(date)}, ${timeFormat.format(date)}` : MISSING;
}
