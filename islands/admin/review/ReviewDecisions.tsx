import type { ReadonlySignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { CheckIcon } from "../../../components/icons.tsx";
import { buttonClass } from "../../../components/ui.ts";
import { allows } from "../../../domain/order/guards.ts";
import type { NextSearch } from "./use_review_flow.ts";
import type { ListedOrder } from "../types.ts";
import { RejectForm } from "./RejectForm.tsx";
import type { LiveListen } from "./listen_recorder.ts";
import { hasListened, listenText, NOT_PLAYED_NOTE, NOTHING_TO_REVIEW } from "./review_texts.ts";

/** The decision under way, if any: its button says so, the others wait. */
export type Deciding = "approve" | "reject" | "hold" | null;

export interface ReviewDecisionsProps {
  order: ListedOrder;
  /** What this sitting hears as the song plays. */
  live: ReadonlySignal<LiveListen>;
  deciding: Deciding;
  search: NextSearch;
  /** The reason field is open (Reject pressed, not yet sent or cancelled). */
  rejecting: boolean;
  onApprove(): void;
  onReject(reason: string): void;
  onRejecting(open: boolean): void;
  onHold(): void;
  onNext(): void;
}

const SEARCH_TEXT: Record<NextSearch, string> = {
  idle: "",
  finding: "Looking for the next song in review...",
  none: NOTHING_TO_REVIEW,
  failed: "Could not load the Review tab just now. Please try again.",
};

const BUTTON = "min-h-[44px] whitespace-nowrap";

/**
 * Listen, then decide, in one place: what was heard of the song, and Approve, Reject,
 * Hold and Next in Review, each offered only when the order's guard allows it (domain/order/guards.ts).
 * Kept at the foot of the dialog, in reach however long the lyrics above are.
 */
export function ReviewDecisions(props: ReviewDecisionsProps) {
  useSignals();
  const { order, deciding, search, rejecting } = props;
  const live = props.live.value;
  const canApprove = allows(order, "approve");
  const waiting = deciding !== null;
  const decisions = [
    {
      name: "approve",
      key: "a",
      variant: "success",
      offered: canApprove,
      onClick: props.onApprove,
      label: deciding === "approve" ? "Approving..." : "Approve",
    },
    {
      name: "reject",
      key: "r",
      variant: "outline",
      offered: allows(order, "reject"),
      onClick: () => props.onRejecting(true),
      label: "Reject",
    },
    {
      name: "hold",
      key: "h",
      variant: "outline",
      offered: allows(order, "hold"),
      onClick: props.onHold,
      label: deciding === "hold" ? "Holding..." : "Hold",
    },
    {
      name: "next",
      key: "n",
      variant: "primary",
      offered: true,
      onClick: props.onNext,
      label: "Next in Review",
    },
  ] as const;
  return (
    <section
      aria-label="Review decision"
      data-review-decisions=""
      className="sticky -bottom-6 -mx-6 -mb-6 grid gap-3 border-t border-slate-200 bg-white px-6 py-4"
    >
      <div className="grid gap-0.5 text-sm">
        {/* A song being made again has nothing to hear yet (its last listen went with the old song). */}
        {allows(order, "listen") && (
          <p data-listen="" className="font-semibold text-slate-900">
            {listenText(order.reviewListen, live)}
          </p>
        )}
        {!hasListened(order.reviewListen, live) && canApprove && !rejecting && (
          <p className="text-slate-600">{NOT_PLAYED_NOTE}</p>
        )}
        {order.rejection && (
          <p data-rejection="" className="text-slate-700">
            <span className="font-semibold">Last sent back:</span> {order.rejection.reason}
          </p>
        )}
      </div>
      {rejecting
        ? (
          <RejectForm
            busy={deciding === "reject"}
            onReject={props.onReject}
            onCancel={() => props.onRejecting(false)}
          />
        )
        : (
          <div className="flex flex-wrap gap-2">
            {decisions.filter((decision) => decision.offered).map((decision) => (
              <button
                key={decision.name}
                type="button"
                data-decision={decision.name}
                aria-keyshortcuts={decision.key}
                disabled={waiting || (decision.name === "next" && search === "finding")}
                onClick={decision.onClick}
                className={`${buttonClass(decision.variant, "sm")} ${BUTTON}${
                  decision.name === "next" ? " sm:ml-auto" : ""
                }`}
              >
                {decision.name === "approve" && <CheckIcon />}
                {decision.label}
              </button>
            ))}
          </div>
        )}
      {/* Always there, so a screen reader hears it change; out of sight while it has nothing to say. */}
      <p
        role="status"
        data-next-search={search}
        className={search === "idle" ? "sr-only" : "text-sm font-semibold text-slate-800"}
      >
        {SEARCH_TEXT[search]}
      </p>
    </section>
  );
}
