import type { AdminOrder } from "../../../domain/admin_orders.ts";
import { takesOf } from "../../../domain/song_takes.ts";
import { Dialog } from "../../lib/Dialog.tsx";
import { keepKnownEvents } from "./answered_order.ts";
import { PreviewSong } from "./PreviewSong.tsx";
import { TakesPreview } from "./TakesPreview.tsx";

export interface PreviewDialogProps {
  order: AdminOrder;
  onClose(): void;
  /** A choice of take answered with the order as it now stands: the dialog and its row show it. */
  onChanged(order: AdminOrder): void;
}

/**
 * Staff-side §2, song preview: the order's song with a player staff can scrub through, its title,
 * child and lyrics. A song made in two takes shows each (issue 21), for staff to choose the one the
 * family gets. An order from before takes, or with an uploaded song, has its one song as always.
 * The audio stops when the dialog closes.
 */
export function PreviewDialog({ order, onClose, onChanged }: PreviewDialogProps) {
  return (
    <Dialog title="Song Preview" description={`Order #${order.orderNumber}`} onClose={onClose} size="lg">
      {takesOf(order).length > 0
        ? (
          <TakesPreview
            order={order}
            onAnswered={(answered) => onChanged(keepKnownEvents(answered, order.events))}
          />
        )
        : (
          <PreviewSong
            songUrl={order.songUrl}
            songTitle={order.songTitle?.trim() || `${order.childName}'s Song`}
            childName={order.childName}
            lyrics={order.songLyrics}
            timedLyrics={null}
            timingNote={null}
          />
        )}
    </Dialog>
  );
}
