import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef } from "react";
import type { PublicOrderView } from "../domain/order/views.ts";
import { track } from "./lib/analytics.ts";
import { GiftBox } from "./unboxing/GiftBox.tsx";
import { RevealedSong } from "./unboxing/RevealedSong.tsx";
import { useSongAudio } from "./unboxing/song_audio.ts";
import { isRevealable, songTitleOf, UNBOX_ANIMATION_MS } from "./unboxing/song_facts.ts";
import { SongNotReady } from "./unboxing/SongNotReady.tsx";

export interface UnboxingProps {
  orderId: string;
  /** The public view as the server read it (an unknown order gets the page saying it cannot be found). */
  order: PublicOrderView;
  /** `?skip=true`: start revealed. */
  skip: boolean;
}

/** Customer-side §4, reveal: closed, opening for 3000 ms after the click, then revealed. */
type Phase = "box" | "opening" | "revealed";

/**
 * The song reveal (customer-side §2, Unboxing). The server already read the order, so there is no
 * loading state. The 3000 ms opening holds with reduced motion too (only the lid's movement becomes a
 * fade): it is the spec's timing, and the wait is part of the surprise. The song starts with the tap
 * that opens the lid, the one moment a browser lets it start by itself; `?skip=true` had no tap, so
 * there the song waits for its play button. The page counts "Unboxing Viewed" from the section's
 * `data-track-open` (page_features.ts), so a view is counted before, and without, the island waking.
 */
export default function Unboxing({ orderId, order, skip }: UnboxingProps) {
  useSignals();
  const phase = useSignal<Phase>(skip ? "revealed" : "box");
  const announcement = useSignal("");
  const revealTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const ready = isRevealable(order);
  const announce = (message: string) => (announcement.value = message);
  // One song at a time: each one, once started, quietly pauses the other.
  const song = useSongAudio({
    orderId,
    songUrl: ready ? order.songUrl : null,
    title: ready ? songTitleOf(order) : "",
    announce,
    onStarted: () => otherVersion.hush(),
  });
  const anotherVersion = ready ? order.anotherVersion : null;
  const otherVersion = useSongAudio({
    orderId,
    songUrl: anotherVersion?.songUrl ?? null,
    title: ready ? `another version of ${songTitleOf(order)}` : "",
    announce,
    version: 2,
    preload: "metadata",
    onStarted: () => song.hush(),
  });

  useEffect(() => () => clearTimeout(revealTimer.current), []);
  const viewed = {
    "data-track-open": "Unboxing Viewed",
    "data-track-props": JSON.stringify({ orderId, ready, skipped: skip }),
  };

  if (!ready) {
    return (
      <section
        {...viewed}
        className="bg-gradient-to-b from-violet-50 via-pink-50 to-white px-4 py-16 sm:py-24"
      >
        <SongNotReady />
      </section>
    );
  }

  const open = () => {
    if (phase.value !== "box") return;
    // First, and synchronously: only inside the tap's own click may the song start (Safari above all).
    song.play("open");
    track("Unbox Clicked", { orderId });
    phase.value = "opening";
    announcement.value = "Opening your surprise…";
    revealTimer.current = setTimeout(() => {
      phase.value = "revealed";
      announcement.value = `Your song is revealed: ${songTitleOf(order)}`;
    }, UNBOX_ANIMATION_MS);
  };

  return (
    <section
      {...viewed}
      className="relative overflow-hidden bg-gradient-to-b from-violet-100 via-pink-50 to-white px-4 py-10 sm:py-16"
    >
      <div
        aria-hidden="true"
        className="absolute -left-24 top-24 h-72 w-72 rounded-full bg-pink-200/50 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute -right-24 top-0 h-80 w-80 rounded-full bg-violet-200/60 blur-3xl"
      />
      <p aria-live="polite" aria-atomic="true" className="sr-only" data-unboxing-status="">
        {announcement.value}
      </p>
      <div className="relative mx-auto max-w-4xl" data-phase={phase.value}>
        {phase.value === "revealed"
          ? <RevealedSong order={order} justOpened={!skip} song={song} otherVersion={otherVersion} />
          : (
            <GiftBox
              childName={order.childName}
              gift={order.gift}
              opening={phase.value === "opening"}
              onOpen={open}
              songElementId={song.element.id}
            />
          )}
      </div>
      {/* Mounted from the start and kept across the reveal: the tap plays it, the player drives it. */}
      <audio {...song.element} data-song="delivered" />
      {anotherVersion && <audio {...otherVersion.element} data-song="another-version" />}
    </section>
  );
}
