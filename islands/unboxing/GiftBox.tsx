import { useEffect, useRef } from "react";
import { GiftIcon, SparkleIcon } from "../../components/icons.tsx";
import type { GiftCard } from "../../domain/order/views.ts";
import { GiftNote } from "./GiftNote.tsx";
import { openBox, prefersReducedMotion } from "./opening_animation.ts";

export interface GiftBoxProps {
  childName: string;
  /** A gift's card, tied to the box for the recipient to read before opening; null for other orders. */
  gift: GiftCard | null;
  opening: boolean;
  onOpen: () => void;
  /**
   * The `<audio>` the tap starts. A tap before the island has hydrated is held until it has; the boot
   * starts this song inside the tap itself meanwhile, while a browser still allows it (boot.ts).
   */
  songElementId: string;
}

/** Where the idle sparkles twinkle around the box. */
const TWINKLES = [
  "left-[4%] top-[18%] h-6 w-6",
  "right-[2%] top-[8%] h-8 w-8",
  "right-[0%] bottom-[30%] h-5 w-5",
  "left-[0%] bottom-[14%] h-4 w-4",
];
const SPARK_COUNT = 12;

/** The paper's polka dots. */
const SPOTS = [
  "left-[14%] top-[30%] h-3 w-3 bg-white/40",
  "left-[26%] top-[62%] h-2 w-2 bg-white/30",
  "right-[16%] top-[44%] h-3 w-3 bg-white/40",
  "right-[28%] top-[76%] h-2 w-2 bg-white/30",
];

/**
 * The wrapped present and its 'Tap to Open!' button (customer-side §2, box state). `onOpen` runs
 * inside the tap's click, so it may start the song (song_audio.ts).
 */
export function GiftBox({ childName, gift, opening, onOpen, songElementId }: GiftBoxProps) {
  const box = useRef<HTMLDivElement>(null);
  const lid = useRef<HTMLDivElement>(null);
  const glow = useRef<HTMLDivElement>(null);
  const sparks = useRef<HTMLSpanElement[]>([]);

  useEffect(() => {
    if (!opening) return;
    const animations = openBox(
      { box: box.current, lid: lid.current, glow: glow.current, sparks: sparks.current },
      prefersReducedMotion(),
    );
    return () => animations.forEach((animation) => animation.cancel());
  }, [opening]);

  return (
    <div className="grid justify-items-center gap-8 text-center">
      <div className="grid gap-3">
        <p className="font-display text-lg font-bold uppercase tracking-[0.2em] text-pink-600">
          Special delivery!
        </p>
        <h1 className="font-display text-4xl font-extrabold leading-tight text-slate-900 sm:text-5xl">
          {childName} has a special surprise!
        </h1>
      </div>

      {gift && <GiftNote childName={childName} gift={gift} place="box" />}

      <div
        className={`relative h-64 w-64 sm:h-80 sm:w-80 ${opening ? "" : "motion-safe:animate-float"}`}
        aria-hidden="true"
      >
        <div className="absolute inset-[8%] rounded-full bg-pink-300/40 blur-3xl motion-safe:animate-pulse" />
        <div ref={box} className="absolute inset-x-[6%] bottom-[4%] top-[14%]">
          <div
            ref={glow}
            className="absolute inset-x-[15%] top-[18%] h-[45%] rounded-full bg-yellow-200 opacity-0 blur-2xl"
          />
          <div className="absolute inset-x-[7%] bottom-0 top-[36%] overflow-hidden rounded-b-3xl rounded-t-lg bg-gradient-to-br from-pink-500 via-fuchsia-500 to-violet-600 shadow-2xl">
            <div className="absolute inset-y-0 left-[43%] w-[14%] bg-yellow-300 shadow-inner" />
            <div className="absolute inset-x-0 top-0 h-[10%] bg-black/10" />
            {SPOTS.map((spot) => <span key={spot} className={`absolute rounded-full ${spot}`} />)}
          </div>
          <div ref={lid} className="absolute inset-x-0 top-[22%] h-[17%]">
            <div className="absolute bottom-[80%] left-[19%] h-[210%] w-[31%] origin-bottom-right rotate-[-20deg] rounded-[50%] border-[10px] border-yellow-300 bg-yellow-200/30 shadow sm:border-[13px]" />
            <div className="absolute bottom-[80%] right-[19%] h-[210%] w-[31%] origin-bottom-left rotate-[20deg] rounded-[50%] border-[10px] border-yellow-300 bg-yellow-200/30 shadow sm:border-[13px]" />
            <div className="absolute inset-0 rounded-xl bg-gradient-to-br from-pink-400 via-fuchsia-500 to-fuchsia-600 shadow-lg" />
            <div className="absolute inset-y-0 left-[43%] w-[14%] bg-yellow-300" />
            <div className="absolute inset-x-[3%] top-[12%] h-[18%] rounded-full bg-white/25" />
            <div className="absolute -top-[38%] left-[40%] h-[70%] w-[20%] rounded-full bg-yellow-400 shadow-md" />
          </div>
          {Array.from({ length: SPARK_COUNT }, (_, index) => (
            <span
              key={index}
              ref={(element) => {
                if (element) sparks.current[index] = element;
              }}
              className="absolute left-[50%] top-[30%] -ml-3 -mt-3 h-6 w-6 opacity-0"
            >
              <SparkleIcon
                className={index % 3 === 0
                  ? "h-6 w-6 fill-yellow-300 text-yellow-400"
                  : index % 3 === 1
                  ? "h-5 w-5 fill-pink-300 text-pink-400"
                  : "h-6 w-6 fill-violet-300 text-violet-400"}
              />
            </span>
          ))}
        </div>
        {TWINKLES.map((place) => (
          <SparkleIcon
            key={place}
            className={`absolute ${place} fill-yellow-300 text-yellow-400 motion-safe:animate-pulse`}
          />
        ))}
      </div>

      <button
        type="button"
        onClick={onOpen}
        data-plays={songElementId}
        disabled={opening}
        className="inline-flex items-center justify-center gap-3 rounded-full bg-gradient-to-r from-pink-500 via-fuchsia-500 to-violet-600 px-8 py-5 font-display text-xl font-extrabold text-white shadow-xl shadow-fuchsia-300/60 transition focus:outline-none focus-visible:ring-4 focus-visible:ring-violet-400 focus-visible:ring-offset-4 enabled:hover:brightness-110 motion-safe:enabled:hover:scale-105 disabled:cursor-wait disabled:opacity-80 sm:px-10 sm:text-3xl"
      >
        {opening
          ? <SparkleIcon className="h-7 w-7 motion-safe:animate-spin" />
          : <GiftIcon className="h-7 w-7" />}
        {opening ? "Opening Magic..." : "Tap to Open!"}
      </button>
    </div>
  );
}
