import { type Signal, useSignal } from "@preact/signals-react";
import { useEffect } from "react";
import type { TakeNumber } from "../../../domain/song/takes.ts";
import type { TimedLyrics } from "../../../domain/song/timed_lyrics.ts";
import { fetchTakeTimings } from "./take_calls.ts";

/** Not yet answered, answered (by take), or failed: the lyrics stay plain until there are words. */
export type TakeTimings =
  | { state: "loading" }
  | { state: "loaded"; byTake: Map<TakeNumber, TimedLyrics | null> }
  | { state: "failed" };

/**
 * `GET /api/admin/orders/{id}/timed-lyrics` when the preview opens, and again when a take's timing
 * changes on the order (the words arrive while the dialog is open). Only for an order with takes:
 * one from before them has none to ask for.
 */
export function useTakeTimings(orderId: string, signature: string): Signal<TakeTimings> {
  const timings = useSignal<TakeTimings>({ state: "loading" });
  useEffect(() => {
    if (!signature) return;
    let current = true;
    fetchTakeTimings(orderId).then(
      (byTake) => current && (timings.value = { state: "loaded", byTake }),
      () => current && (timings.value = { state: "failed" }),
    );
    // A late answer after closing, or after a newer ask, is dropped.
    return () => void (current = false);
  }, [orderId, signature]);
  return timings;
}
