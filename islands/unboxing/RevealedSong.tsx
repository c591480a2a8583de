import { useEffect, useRef } from "react";
import type { PublicOrderView } from "../../domain/order/views.ts";
import { SparkleIcon } from "../../components/icons.tsx";
import { CONCERN_WORDS, concernMailto } from "../../domain/order/song_concerns.ts";
import { buttonClass, LINK_CLASS } from "../../components/ui.ts";
import { AnotherVersion } from "./AnotherVersion.tsx";
import { Confetti } from "./Confetti.tsx";
import { GiftNote } from "./GiftNote.tsx";
import { popIn } from "./opening_animation.ts";
import { ShareButton } from "./ShareButton.tsx";
import type { SongAudio } from "./song_audio.ts";
import { SongLyrics } from "./SongLyrics.tsx";
import { SongPlayer } from "./SongPlayer.tsx";

export interface RevealedSongProps {
  order: PublicOrderView;
  /** True when the box was just opened here (not `?skip=true`): celebrate and move focus. */
  justOpened: boolean;
  /** The reveal's audio, playing already when the tap that opened the box could start it. */
  song: SongAudio;
  /** The audio of "Another version", when staff offer one. */
  otherVersion: SongAudio;
}

/** The revealed state (customer-side §2): player, a gift's card, lyrics, sharing and the ways on. */
export function RevealedSong({ order, justOpened, song, otherVersion }: RevealedSongProps) {
  const card = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!justOpened) return;
    const animations = popIn(card.current);
    return () => animations.forEach((animation) => animation.cancel());
  }, []);

  return (
    <div className="grid gap-6 sm:gap-8">
      {justOpened && <Confetti />}
      <p className="flex items-center justify-center gap-2 text-center font-display text-lg font-bold text-pink-600 sm:text-2xl">
        <SparkleIcon className="h-5 w-5 shrink-0 fill-yellow-300 text-yellow-500" />
        Ta-da! A song made just for {order.childName}
        <SparkleIcon className="h-5 w-5 shrink-0 fill-yellow-300 text-yellow-500" />
      </p>
      <div ref={card}>
        <SongPlayer order={order} song={song} focusTitle={justOpened} />
      </div>
      {order.gift && <GiftNote childName={order.childName} gift={order.gift} place="song" />}
      {(order.songLyrics || order.songTiming) && (
        <SongLyrics lyrics={order.songLyrics ?? ""} timing={order.songTiming} song={song} />
      )}
      {order.anotherVersion && (
        <AnotherVersion
          orderId={order.id}
          childName={order.childName}
          version={order.anotherVersion}
          song={otherVersion}
        />
      )}
      <div className="grid justify-items-center gap-5">
        <div className="flex w-full flex-col items-stretch justify-center gap-3 sm:w-auto sm:flex-row sm:items-center">
          <ShareButton childName={order.childName} />
          <a href="/" className={buttonClass("outline", "lg")}>Create Your Hit</a>
        </div>
        <a href="/my-songs" className={`${LINK_CLASS} text-lg font-semibold`}>← Back to My Songs</a>
      </div>
      <SongConcern orderNumber={order.orderNumber} />
    </div>
  );
}

/**
 * The FAQ's "tell us within 7 days", where the song is heard: a mail to support with the order number
 * in its subject (domain/order/song_concerns.ts), so staff find the order at once.
 */
function SongConcern({ orderNumber }: { orderNumber: number }) {
  return (
    <section
      aria-labelledby="song-concern-title"
      data-song-concern=""
      className="mx-auto grid max-w-xl gap-1 text-center text-slate-700"
    >
      <h2 id="song-concern-title" className="text-base font-bold text-slate-800">Something not right?</h2>
      <p>
        {CONCERN_WORDS}{" "}
        <a
          href={concernMailto(orderNumber)}
          data-track="Contact Clicked"
          data-track-target="song-concern"
          className={`${LINK_CLASS} font-semibold`}
        >
          Email us about this song
        </a>
      </p>
    </section>
  );
}
