import { type StatusTone, statusView } from "../status.ts";
import type { ListedOrder } from "../types.ts";

const TONES: Record<StatusTone, string> = {
  neutral: "bg-slate-100 text-slate-700 ring-slate-200",
  progress: "bg-sky-50 text-sky-800 ring-sky-200",
  success: "bg-green-50 text-green-800 ring-green-200",
  warning: "bg-amber-50 text-amber-800 ring-amber-200",
  danger: "bg-red-50 text-red-800 ring-red-200",
};

const BADGE = "inline-flex w-fit items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1";

/** The order's status and, under it, its stage, failure or approval (staff-side §4). */
export function StatusBadge({ order }: { order: ListedOrder }) {
  const view = statusView(order);
  return (
    <span className="flex flex-wrap items-center gap-1.5" data-status={order.status}>
      <span className={`${BADGE} ${TONES[view.tone]}`}>{view.label}</span>
      {view.detail && (
        <span className={`${BADGE} ${TONES[view.detailTone]}`} data-status-detail="">
          {view.detail}
        </span>
      )}
    </span>
  );
}
