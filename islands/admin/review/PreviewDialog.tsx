import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useLayoutEffect, useRef } from "react";
import type { AdminOrder } from "../../../domain/admin/order_list.ts";
import { allows } from "../../../domain/order/guards.ts";
import { takesOf } from "../../../domain/song/takes.ts";
import { Dialog } from "../../lib/Dialog.tsx";
import type { OrderBusy } from "../types.ts";
import type { NextSearch } from "./use_review_flow.ts";
import { keepKnownEvents } from "../dialogs/answered_order.ts";
import { PreviewSong } from "./PreviewSong.tsx";
import { type Deciding, ReviewDecisions } from "./ReviewDecisions.tsx";
import { TakesPreview } from "./TakesPreview.tsx";
import { usePreviewSession } from "./use_preview_session.ts";

/** What the page's one key listener asks of the open preview (`a`, `n` and `.`; `r`, `h`). */
export interface PreviewKeys {
  approve(): void;
  /** Opens the reason for a Reject (its field takes the focus). */
  reject(): void;
  hold(): void;
  next(): void;
  playPause(): void;
}

/** The preview's decisions, run by the order list (the same calls and toasts as the row's buttons). */
export interface PreviewReview {
  /** The order's call under way, started here or from its row. */
  busy: OrderBusy | null;
  search: NextSearch;
  approve(order: AdminOrder): Promise<boolean>;
  reject(order: AdminOrder, reason: string): Promise<boolean>;
  hold(order: AdminOrder): Promise<boolean>;
  /** Whether the preview of this order opens asking why it is rejected (`r` on the list); asked once. */
  startsRejecting(orderId: string): boolean;
  /** Moves the dialog to the next song awaiting review, or says nothing is left. */
  next(from: AdminOrder): Promise<void>;
  keys: { current: PreviewKeys | null };
}

export interface PreviewDialogProps {
  order: AdminOrder;
  onClose(): void;
  /** A choice of take answered with the order as it now stands: the dialog and its row show it. */
  onChanged(order: AdminOrder): void;
  review: PreviewReview;
}

/** Marks the preview's content, so the page's key listener knows the innermost dialog is this one. */
export const PREVIEW_MARK = "data-review-preview";

/**
 * Staff-side §2, song preview: the order's song with a player staff can scrub through, its title,
 * child and lyrics. A song made in two takes shows each, for staff to choose the one the
 * family gets. An order from before takes, or with an uploaded song, has its one song as always.
 * Under it, the decision: listen, then approve and go on to the next song, in one place.
 * The audio stops when the dialog closes or moves on.
 */
export function PreviewDialog({ order, onClose, onChanged, review }: PreviewDialogProps) {
  // The song it opened on waits for Play; each one it moves on to starts by itself.
  const opened = useRef(order.id);
  return (
    <Dialog title="Song Preview" description={`Order #${order.orderNumber}`} onClose={onClose} size="lg">
      {/* Mounted afresh for each order: its player, its listen record and its decision are its own. */}
      <PreviewBody
        key={order.id}
        order={order}
        onChanged={onChanged}
        review={review}
        movedOn={order.id !== opened.current}
      />
    </Dialog>
  );
}

/** A decision started from the order's row (or the list's `a`) shows here too. */
function decisionOf(busy: OrderBusy | null): Deciding {
  return busy === "approve" || busy === "reject" || busy === "hold" ? busy : null;
}

interface PreviewBodyProps extends Omit<PreviewDialogProps, "onClose"> {
  /** The sitting moved on to this song from another (a decision, or Next in Review). */
  movedOn: boolean;
}

function PreviewBody({ order, onChanged, review, movedOn }: PreviewBodyProps) {
  useSignals();
  const body = useRef<HTMLDivElement>(null);
  const deciding = useSignal<Deciding>(null);
  const rejecting = useSignal(review.startsRejecting(order.id));
  const answered = (changed: Parameters<typeof keepKnownEvents>[0]) =>
    onChanged(keepKnownEvents(changed, order.events));
  const session = usePreviewSession(order.id, answered);

  /** Runs one decision at a time; the song stops first and what was heard is on record before it. */
  const decide = async (kind: Exclude<Deciding, null>, call: () => Promise<boolean>) => {
    if (deciding.value !== null || review.busy !== null) return false;
    deciding.value = kind;
    session.player.current?.stop();
    await session.listen.flush();
    // Approved or sent back, the song's review is over (a held one is back in review).
    const ends = kind !== "hold";
    if (ends) session.listen.close();
    const done = await call();
    if (ends && !done) session.listen.open();
    deciding.value = null;
    if (done) rejecting.value = false;
    return done;
  };
  const approve = async () => {
    if (!allows(order, "approve")) return;
    // The fast path: approved, the next song in review opens by itself.
    if (await decide("approve", () => review.approve(order))) await review.next(order);
  };
  const reject = async (reason: string) => {
    if (await decide("reject", () => review.reject(order, reason))) await review.next(order);
  };
  const hold = () => decide("hold", () => review.hold(order));
  const next = () => {
    if (deciding.value === null) review.next(order);
  };

  // While a decision or the search for the next song is under way, `.` leaves the song just decided
  // silent: the next one starts by itself.
  const playPause = () => {
    if (deciding.value === null && review.busy === null && review.search !== "finding") {
      session.player.current?.togglePlay();
    }
  };
  // In the commit that shows this song, as its player's own registration is: a key pressed as the
  // song appears reaches it, never the one that has gone.
  useLayoutEffect(() => {
    const keys = {
      approve,
      next,
      playPause,
      reject: () => {
        if (deciding.value === null && allows(order, "reject")) rejecting.value = true;
      },
      hold: () => {
        if (allows(order, "hold")) void hold();
      },
    };
    review.keys.current = keys;
    return () => {
      if (review.keys.current === keys) review.keys.current = null;
    };
  });
  useLayoutEffect(() => {
    if (movedOn) session.player.current?.autoStart();
  }, []);

  // Moved on from another song: the focus was in what just left, so it goes to the new Play button.
  // (On opening, the dialog has already put it there, and it returns to the row when it closes.)
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      if (!body.current?.contains(document.activeElement)) {
        body.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
      }
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  return (
    <div ref={body} {...{ [PREVIEW_MARK]: "" }} data-preview-order={order.id} className="grid gap-5">
      {takesOf(order).length > 0
        ? <TakesPreview order={order} onAnswered={answered} session={session} />
        : (
          <PreviewSong
            songUrl={order.songUrl}
            songTitle={order.songTitle?.trim() || `${order.childName}'s Song`}
            childName={order.childName}
            lyrics={order.songLyrics}
            timedLyrics={null}
            timingNote={null}
            session={session}
          />
        )}
      <ReviewDecisions
        order={order}
        live={session.listen.live}
        deciding={deciding.value ?? decisionOf(review.busy)}
        search={review.search}
        rejecting={rejecting.value}
        onApprove={approve}
        onReject={reject}
        onRejecting={(open) => (rejecting.value = open)}
        onHold={hold}
        onNext={next}
      />
    </div>
  );
}
