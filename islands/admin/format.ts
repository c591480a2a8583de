/**
 * How the dashboard writes dates and money. Dates are in the browser's time zone once the island
 * runs; the server's first render (and the hydration that must match it) writes them in UTC.
 */
const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
};

export function formatDateTime(iso: string | null | undefined, local: boolean): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (local) return date.toLocaleString("en-US", DATE_TIME);
  return `${date.toLocaleString("en-US", { ...DATE_TIME, timeZone: "UTC" })} UTC`;
}

/** Staff-side §2: prices are cents divided by 100 with 2 decimals. */
export function formatCents(cents: number | null | undefined): string {
  if (typeof cents !== "number" || !Number.isFinite(cents)) return "—";
  const sign = cents < 0 ? "-" : "";
  return `${sign}$${(Math.abs(cents) / 100).toFixed(2)}`;
}
