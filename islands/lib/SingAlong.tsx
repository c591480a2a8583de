import { computed, type ReadonlySignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { Fragment, type JSX, memo, useCallback, useEffect, useMemo, useRef } from "react";
import {
  lineIndexAt,
  lineText,
  type TimedLine,
  type TimedLyrics,
  wordIndexAt,
} from "../../domain/song/timed_lyrics.ts";
import { followBehaviour, scrollTopCentring } from "./sing_along_scroll.ts";

export interface SingAlongProps {
  lyrics: TimedLyrics;
  /** Seconds into the audio, updated as it plays. */
  elapsed: ReadonlySignal<number>;
  /** Moves the audio to `seconds`. */
  seek(seconds: number): void;
  /** "reveal": the parent's page (large, warm); "preview": staff's dialog (compact, slate). */
  look: "reveal" | "preview";
  /** Accessible name of the scrolling region (role="region" aria-label). */
  label: string;
}

interface Look {
  box: string;
  section: string;
  line: string;
  currentLine: string;
  otherLine: string;
  /** A line the timing does not reach: plain text, not a button. */
  untimedLine: string;
  currentWord: string;
}

/*
 * Colours are chosen for WCAG AA on their own background (current word pink-700 on violet-100 is
 * 5.1:1, violet-800 on slate-200 6.9:1). The current word is marked by colour and underline, never by
 * weight: a bolder word is wider and would rewrap the line under the reader's eyes at every word.
 * Transitions only where motion is welcome; with reduced motion only the highlight moves.
 */
const LOOKS: Record<SingAlongProps["look"], Look> = {
  reveal: {
    box:
      "relative grid max-h-80 content-start gap-1 overflow-y-auto overscroll-contain rounded-2xl bg-white p-2 ring-1 ring-violet-100 sm:max-h-96",
    section: "px-3 pt-3 text-xs font-extrabold uppercase tracking-[0.2em] text-pink-600",
    line:
      "block w-full rounded-xl px-3 py-1.5 text-left text-lg leading-relaxed focus:outline-none focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-violet-400 motion-safe:transition-colors sm:text-xl",
    currentLine: "bg-violet-100 text-violet-900",
    otherLine: "text-slate-700 hover:bg-violet-50",
    untimedLine: "text-slate-700",
    currentWord: "text-pink-700 underline decoration-pink-600 decoration-4 underline-offset-4",
  },
  preview: {
    box:
      "relative grid max-h-64 content-start gap-0.5 overflow-y-auto overscroll-contain rounded-lg bg-white p-1 ring-1 ring-slate-200",
    section: "px-2 pt-2 text-xs font-bold uppercase tracking-wider text-slate-500",
    line:
      "block w-full rounded-md px-2 py-1 text-left text-sm leading-snug focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-slate-500 motion-safe:transition-colors",
    currentLine: "bg-slate-200 text-slate-900",
    otherLine: "text-slate-600 hover:bg-slate-100",
    untimedLine: "text-slate-600",
    currentWord: "text-violet-800 underline decoration-violet-800 decoration-2 underline-offset-2",
  },
};

/**
 * Timed lyrics that follow the audio: the sung line is highlighted and its word marked, the box
 * scrolls (itself, never the page) to keep that line in the middle, and a tap on a line moves the
 * audio there without starting it: the play button stays the one thing that makes sound.
 *
 * For screen readers the lyrics are plain text: no live region and no attribute that changes as the
 * song plays (not even aria-current, which some readers speak when it moves off a focused line), so
 * nothing talks over the song. Each line is a button named by its own words, so keyboards can seek.
 */
export function SingAlong({ lyrics, elapsed, seek, look, label }: SingAlongProps): JSX.Element {
  useSignals();
  const box = useRef<HTMLDivElement>(null);
  // Computed, so the list renders again only when the line or word changes, not at every timeupdate.
  const currentLine = useMemo(() => computed(() => lineIndexAt(lyrics, elapsed.value)), [lyrics, elapsed]);
  const currentWord = useMemo(
    () =>
      computed(() => {
        const line = lyrics.lines[currentLine.value];
        return line ? wordIndexAt(line, elapsed.value) : -1;
      }),
    [lyrics, elapsed, currentLine],
  );
  const lineIndex = currentLine.value;
  const wordIndex = currentWord.value;

  // The latest `seek` behind a stable function, so a parent's new closure does not redraw every line.
  const latestSeek = useRef(seek);
  latestSeek.current = seek;
  const seekTo = useCallback((seconds: number) => latestSeek.current(seconds), []);

  useEffect(() => {
    if (box.current) keepCurrentLineInView(box.current, followBehaviour(prefersReducedMotion()));
  }, [lineIndex, lyrics]);

  useEffect(() => {
    // A box shown after it was hidden (the lyrics opened, a dialog laid out) or resized has no
    // scroll position yet worth keeping: jump, without gliding, to the line being sung.
    const element = box.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => keepCurrentLineInView(element, "auto"));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const classes = LOOKS[look];
  return (
    <div ref={box} role="region" aria-label={label} data-sing-along="" className={classes.box}>
      {lyrics.lines.map((line, index) => (
        <SungLine
          key={index}
          line={line}
          index={index}
          wordIndex={index === lineIndex ? wordIndex : null}
          classes={classes}
          onSeek={seekTo}
        />
      ))}
    </div>
  );
}

interface SungLineProps {
  line: TimedLine;
  index: number;
  /** The word being sung when this is the current line; null for every other line. */
  wordIndex: number | null;
  classes: Look;
  onSeek(seconds: number): void;
}

/** Memoised: as the song plays only the line losing the highlight and the one gaining it redraw. */
const SungLine = memo(function SungLine({ line, index, wordIndex, classes, onSeek }: SungLineProps) {
  const current = wordIndex !== null;
  if (line.untimed) {
    // Beyond what the timing covers: read like the others, but nothing to follow or jump to.
    return (
      <>
        {line.section && <p className={classes.section}>{line.section}</p>}
        <p data-line-index={index} data-untimed="" className={`${classes.line} ${classes.untimedLine}`}>
          {lineText(line)}
        </p>
      </>
    );
  }
  return (
    <>
      {line.section && <p className={classes.section}>{line.section}</p>}
      <button
        type="button"
        data-line-index={index}
        data-current={current ? "true" : "false"}
        data-start={line.start}
        onClick={() => onSeek(line.start)}
        className={`${classes.line} ${current ? classes.currentLine : classes.otherLine}`}
      >
        {line.words.map((word, position) => (
          // The space is text, not margin, so the button's accessible name is the line as sung.
          <Fragment key={position}>
            {position > 0 && " "}
            <span
              data-current-word={position === wordIndex ? "true" : undefined}
              className={position === wordIndex ? classes.currentWord : undefined}
            >
              {word.text}
            </span>
          </Fragment>
        ))}
      </button>
    </>
  );
});

/**
 * Scrolls the box itself with `scrollTo`: `scrollIntoView` would also scroll the page, pulling the
 * reader away from wherever they are reading. Lines are measured against the box (it is `relative`,
 * so it is their offset parent). A hidden box measures nothing, and is left alone.
 */
function keepCurrentLineInView(box: HTMLElement, behavior: ScrollBehavior) {
  if (box.clientHeight === 0) return;
  const line = box.querySelector<HTMLElement>('[data-current="true"]');
  const top = scrollTopCentring(
    line && { top: line.offsetTop, height: line.offsetHeight },
    { visibleHeight: box.clientHeight, contentHeight: box.scrollHeight },
  );
  if (Math.abs(top - box.scrollTop) >= 1) box.scrollTo({ top, behavior });
}

function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}
