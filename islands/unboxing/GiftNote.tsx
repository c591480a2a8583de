import { GiftIcon } from "../../components/icons.tsx";
import type { GiftCard } from "../../domain/order/views.ts";

export interface GiftNoteProps {
  childName: string;
  gift: GiftCard;
  /** On the closed box it hangs like a tag, slightly tilted; beside the song it lies straight. */
  place: "box" | "song";
}

/**
 * A gift's card: who sent the song and what they wrote. Both are the giver's own words, shown as
 * text (React escapes them), with their line breaks kept.
 */
export function GiftNote({ childName, gift, place }: GiftNoteProps) {
  return (
    <figure
      data-gift-note={place}
      className={place === "box"
        ? "relative mx-auto w-full max-w-lg rounded-3xl bg-white px-5 py-4 text-left shadow-lg shadow-violet-200/70 ring-2 ring-pink-200 sm:-rotate-1 sm:px-6 sm:py-5"
        : "relative w-full rounded-3xl bg-white px-5 py-5 text-left shadow-lg shadow-violet-200/70 ring-2 ring-pink-200 sm:px-8 sm:py-6"}
    >
      <figcaption className="flex items-start gap-3 font-display text-lg font-extrabold leading-snug text-violet-800 sm:text-xl">
        <span
          aria-hidden="true"
          className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-gradient-to-br from-pink-500 to-violet-600 text-white shadow"
        >
          <GiftIcon className="h-5 w-5" />
        </span>
        <span className="min-w-0 self-center break-words">
          {`A song for ${childName} from ${gift.from}`}
        </span>
      </figcaption>
      {gift.message && (
        <blockquote className="mt-3 whitespace-pre-line border-l-4 border-pink-300 pl-4 text-lg leading-relaxed text-slate-700 break-words">
          {`“${gift.message}”`}
        </blockquote>
      )}
    </figure>
  );
}
