import { useId } from "react";
import { SONG_LYRICS_MAX_CHARS, SONG_TITLE_MAX_CHARS } from "../../../domain/song/upload_words.ts";
import { fieldClass, FieldLabel } from "../FieldLabel.tsx";

export interface UploadWordsFieldsProps {
  /** Which of the two the order lacks (wordsWanted): only those are offered. */
  wanted: { title: boolean; lyrics: boolean };
  title: string;
  lyrics: string;
  disabled: boolean;
  onTitle(value: string): void;
  onLyrics(value: string): void;
}

/**
 * The title and lyrics an upload may bring to an order whose generation stopped before it
 * had them, so the family's page does not play a song without words. Both optional: left empty, the
 * song is uploaded alone, as before.
 */
export function UploadWordsFields(
  { wanted, title, lyrics, disabled, onTitle, onLyrics }: UploadWordsFieldsProps,
) {
  const titleId = useId();
  const lyricsId = useId();
  const hintId = useId();
  if (!wanted.title && !wanted.lyrics) return null;
  return (
    <fieldset className="grid gap-4" aria-describedby={hintId} data-upload-words="">
      <legend className="sr-only">The song's words</legend>
      <p id={hintId} className="text-sm text-slate-600">
        {wanted.lyrics
          ? "This order has no lyrics yet. Add the song's title and lyrics so the family can read them with their song, or leave them empty."
          : "This order has no song title yet. Add one, or leave it empty for the child's name."}
      </p>
      {wanted.title && (
        <div className="grid gap-1.5">
          <FieldLabel htmlFor={titleId} optional>Song title</FieldLabel>
          <input
            id={titleId}
            name="songTitle"
            value={title}
            maxLength={SONG_TITLE_MAX_CHARS}
            autoComplete="off"
            disabled={disabled}
            className={fieldClass()}
            onChange={(event) => onTitle(event.currentTarget.value)}
          />
        </div>
      )}
      {wanted.lyrics && (
        <div className="grid gap-1.5">
          <FieldLabel htmlFor={lyricsId} optional>Lyrics</FieldLabel>
          <textarea
            id={lyricsId}
            name="songLyrics"
            rows={6}
            value={lyrics}
            maxLength={SONG_LYRICS_MAX_CHARS}
            disabled={disabled}
            className={fieldClass()}
            onChange={(event) => onLyrics(event.currentTarget.value)}
          />
        </div>
      )}
    </fieldset>
  );
}
