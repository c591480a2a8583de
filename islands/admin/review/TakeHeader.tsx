import { SpinnerIcon } from "../../../components/icons.tsx";
import { buttonClass } from "../../../components/ui.ts";
import { type SongTake, takeLabel } from "../../../domain/song/takes.ts";
import { deliveredBadgeText, takeDurationText } from "./take_texts.ts";

export interface TakeHeaderProps {
  take: SongTake;
  /** The family gets this take; `sent`: its email went already. */
  delivered: boolean;
  sent: boolean;
  bonus: boolean;
  /** Offered only when the guards allow choosing a take; null otherwise. */
  onDeliver: (() => void) | null;
  delivering: boolean;
}

/** A take's name and length, and what it is to the family: delivered, a bonus, or one to deliver instead. */
export function TakeHeader({ take, delivered, sent, bonus, onDeliver, delivering }: TakeHeaderProps) {
  const length = takeDurationText(take);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">
        <span className="font-display text-base font-bold text-slate-900">{takeLabel(take.take)}</span>
        {length && <span className="tabular-nums">{` · ${length}`}</span>}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {delivered && (
          <span
            data-delivered-badge=""
            className="rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-800"
          >
            {deliveredBadgeText(sent)}
          </span>
        )}
        {bonus && (
          <span
            data-bonus-badge=""
            className="rounded-full bg-violet-100 px-3 py-1 text-sm font-semibold text-violet-800"
          >
            Bonus
          </span>
        )}
        {!delivered && onDeliver && (
          <button
            type="button"
            onClick={() => !delivering && onDeliver()}
            // While the call runs it only says so: a disabled button would drop the focus.
            aria-disabled={delivering || undefined}
            className={`${buttonClass("primary", "sm")} min-h-[44px] ${
              delivering ? "cursor-wait opacity-60" : ""
            }`}
          >
            {delivering && <SpinnerIcon className="h-4 w-4" />}
            {delivering ? "Delivering..." : "Deliver this take"}
          </button>
        )}
      </div>
    </div>
  );
}
