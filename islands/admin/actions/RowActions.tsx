import type { ReactNode } from "react";
import {
  AlertTriangleIcon,
  CheckIcon,
  CopyIcon,
  MailIcon,
  PauseIcon,
  PencilIcon,
  PlayOutlineIcon,
  RefreshIcon,
  SendIcon,
  UploadIcon,
} from "../../../components/icons.tsx";
import { adminActionsOf } from "../../../domain/admin/row_actions.ts";
import { formatCents } from "../../../domain/order/pricing.ts";
import type { ListedOrder, OrderBusy, RowAction } from "../types.ts";

/** What the button says while its call runs. */
export const BUSY_LABELS: Partial<Record<RowAction, string>> = {
  approve: "Approving...",
  hold: "Holding...",
  send: "Sending...",
  resend: "Sending...",
  regenerateOrder: "Regenerating...",
  refund: "Refunding...",
};

export interface RowActionsProps {
  order: ListedOrder;
  /** The action of this order whose call is under way: its button says so, the others wait. */
  busy: OrderBusy | null;
  onAction(action: RowAction, order: ListedOrder): void;
  /** Compact for the table (secondary actions as icons); full-size buttons on the phone's cards. */
  layout: "compact" | "full";
}

type Tone = "primary" | "success" | "outline" | "quiet" | "danger";

const TONES: Record<Tone, string> = {
  primary: "bg-violet-600 text-white hover:bg-violet-700",
  success: "bg-green-700 text-white hover:bg-green-800",
  outline: "border border-violet-300 bg-white text-violet-800 hover:bg-violet-50",
  quiet: "border border-slate-200 bg-white text-slate-700 hover:bg-slate-50",
  danger: "border border-red-200 bg-white text-red-700 hover:bg-red-50",
};

const SIZES = {
  compact: "h-8 gap-1 px-2.5 text-xs",
  full: "min-h-[44px] gap-2 px-4 text-sm",
} as const;

/** Secondary actions are icons (named by aria-label and title); 44 px squares on the phone. */
const ICON_ONLY = { compact: "h-8 w-8", full: "h-11 min-w-[2.75rem] gap-1 px-2" } as const;

const BASE =
  "relative inline-flex items-center justify-center whitespace-nowrap rounded-full font-semibold transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 focus-visible:ring-offset-1 disabled:cursor-not-allowed disabled:opacity-50";

/** Staff's note on an order whose discount broke the rules (or that was refunded), with the detail on hover. */
function discountFlag(order: ListedOrder): ReactNode {
  if (order.refund) {
    return (
      <span key="flag" data-discount-flag="refunded" className={`${FLAG} bg-slate-100 text-slate-800`}>
        Refunded ${formatCents(order.refund.amount)}
      </span>
    );
  }
  if (!order.discountReview) return null;
  return (
    <span
      key="flag"
      data-discount-flag="review"
      title={order.discountReview.detail}
      className={`${FLAG} bg-amber-100 text-amber-900`}
    >
      Discount flagged
      <span className="sr-only">: {order.discountReview.detail}</span>
    </span>
  );
}

const FLAG = "inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap";

/**
 * An order's buttons, drawn only from `adminActionsOf` (staff-side §4, the button rules), so the
 * list never offers what the server would refuse.
 */
export function RowActions({ order, busy, onAction, layout }: RowActionsProps) {
  const actions = adminActionsOf(order);
  const waiting = busy !== null;
  const primary: ReactNode[] = [];
  const secondary: ReactNode[] = [];
  const add = (
    action: RowAction,
    label: string,
    icon: ReactNode,
    tone: Tone,
    options: { iconOnly?: boolean; disabledReason?: string; extra?: ReactNode; srExtra?: string } = {},
  ) => {
    const iconOnly = !!options.iconOnly;
    const text = busy === action ? BUSY_LABELS[action] ?? label : label;
    (iconOnly ? secondary : primary).push(
      <button
        key={action}
        type="button"
        data-action={action}
        disabled={waiting || !!options.disabledReason}
        title={options.disabledReason ?? (iconOnly ? label : undefined)}
        aria-label={iconOnly ? `${label}${options.srExtra ?? ""}` : undefined}
        onClick={() => onAction(action, order)}
        className={`${BASE} ${TONES[tone]} ${iconOnly ? ICON_ONLY[layout] : SIZES[layout]}`}
      >
        {icon}
        {!iconOnly && text}
        {!iconOnly && options.srExtra && <span className="sr-only">{options.srExtra}</span>}
        {options.extra}
      </button>,
    );
  };

  if (actions.approve) add("approve", "Approve", <CheckIcon />, "success");
  if (actions.send) add("send", actions.send, <SendIcon />, "primary");
  // Before its email goes, an approved song can be taken back to Review from its row; an
  // icon, as the table's Actions column has no room for another word at 1280 px.
  if (actions.hold) {
    add("hold", "Hold", <PauseIcon className="h-4 w-4" />, "quiet", { iconOnly: true });
  }
  if (actions.resend) add("resend", "Resend", <MailIcon className="h-4 w-4" />, "outline");
  if (actions.upload) add("upload", "Upload", <UploadIcon />, "outline");
  if (actions.preview) add("preview", "Preview", <PlayOutlineIcon />, "quiet", { iconOnly: true });
  if (actions.copyLyrics) add("copyLyrics", "Copy lyrics", <CopyIcon />, "quiet", { iconOnly: true });
  const count = order.lyricsRegenerationCount ?? 0;
  add("regenerateLyrics", "Regenerate Lyrics", <PencilIcon />, "quiet", {
    iconOnly: true,
    disabledReason: actions.regenerateLyrics.enabled ? undefined : actions.regenerateLyrics.reason,
    srExtra: ` (regenerated ${count} ${count === 1 ? "time" : "times"})`,
    extra: count > 0 && (
      <span
        aria-hidden="true"
        data-lyrics-count=""
        className="absolute -right-1.5 -top-1.5 min-w-[1.1rem] rounded-full bg-violet-600 px-1 text-[10px] leading-4 text-white"
      >
        {count}
      </span>
    ),
  });
  if (actions.errorDetails) {
    add("errorDetails", "Error Details", <AlertTriangleIcon />, "danger", { iconOnly: true });
  }
  if (actions.regenerateOrder) {
    add("regenerateOrder", "Regenerate", <RefreshIcon />, "quiet", { iconOnly: true });
  }
  // A paid discount that broke our rules is flagged for staff, with its refund offered once.
  if (actions.refund) add("refund", "Refund", <AlertTriangleIcon />, "danger");
  const flag = discountFlag(order);
  if (flag) primary.unshift(flag);

  if (layout === "compact") return <div className="flex items-center gap-1.5">{primary}{secondary}</div>;
  // On a phone the main action gets its own line, the icon buttons the next, rather than a ragged wrap.
  return (
    <div className="grid gap-2">
      {primary.length > 0 && <div className="flex flex-wrap gap-2">{primary}</div>}
      <div className="flex flex-wrap gap-2">{secondary}</div>
    </div>
  );
}
