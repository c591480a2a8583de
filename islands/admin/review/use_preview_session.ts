import { useEffect, useRef } from "react";
import type { AdminOrderView } from "../../../domain/order/views.ts";
import { api } from "../../lib/api.ts";
import { createListenRecorder, type ListenRecorder } from "./listen_recorder.ts";
import type { PreviewPlayer } from "./use_preview_player.ts";

/**
 * One order's sitting in the Song Preview: its listen record, and the player shown now
 * (one take at a time) for the dialog's keys and its Approve. Mounted afresh for each order the
 * dialog moves to, so each order's listen is its own, and told to the server when it goes.
 */
export interface PreviewSession {
  listen: ListenRecorder;
  player: { current: PreviewPlayer | null };
}

export function usePreviewSession(
  orderId: string,
  onRecorded: (order: AdminOrderView) => void,
): PreviewSession {
  const recorded = useRef(onRecorded);
  recorded.current = onRecorded;
  const session = useRef<PreviewSession | null>(null);
  session.current ??= {
    listen: createListenRecorder(async (report) => {
      const answer = await api<{ order: AdminOrderView }>(
        "POST",
        `/api/admin/orders/${encodeURIComponent(orderId)}/listen`,
        report,
      );
      recorded.current(answer.order);
    }),
    player: { current: null },
  };
  // After the players' own clean-up (which says what was heard up to the last moment) has run.
  useEffect(() => () => queueMicrotask(() => void session.current?.listen.flush()), []);
  return session.current;
}
