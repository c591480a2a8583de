import type { AdminFilter } from "../../../domain/admin/order_list.ts";

/** What GET /api/admin/backlog answers (routes/api/admin/orders.ts). */
export interface BacklogAnswer {
  generating: number;
  /** The order whose family has waited longest since ordering, of those still waiting for their song. */
  longestWaiting: { id: string; orderNumber: number; since: string; filter: AdminFilter } | null;
  oldestDueAt: { emails: string | null; generation: string | null };
  overdueSends: number;
  lastHour: { steps: number; failed: number };
  checkedAt: string;
}

/** "just now", "4 min", "2 h 5 min": how long something has waited. */
export function waited(sinceIso: string | null, nowIso: string): string {
  if (!sinceIso) return "nothing waiting";
  const minutes = Math.floor((Date.parse(nowIso) - Date.parse(sinceIso)) / 60_000);
  if (minutes < 1) return "under a minute";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

/** "2 of 340 (0.6 %)", or "none yet" before any step this hour. */
export function failureShare({ steps, failed }: BacklogAnswer["lastHour"]): string {
  if (steps === 0) return "no calls yet";
  const share = (failed / steps) * 100;
  return `${failed} of ${steps} (${share < 10 ? share.toFixed(1) : Math.round(share)} %)`;
}

/** The warning staff see while emails are late, or null when none are. */
export function overdueWarning(backlog: BacklogAnswer): string | null {
  if (backlog.overdueSends === 0) return null;
  const count = backlog.overdueSends === 1 ? "1 email is" : `${backlog.overdueSends} emails are`;
  return `${count} overdue: the oldest was due ${
    waited(backlog.oldestDueAt.emails, backlog.checkedAt)
  } ago. ` +
    "Check the mail settings and the server's log, or use Send Now.";
}
