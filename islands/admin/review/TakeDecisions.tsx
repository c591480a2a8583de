import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { allows } from "../../../domain/order/guards.ts";
import type { AdminOrderView } from "../../../domain/order/views.ts";
import { localDateTime } from "../LocalTime.tsx";
import { anotherVersionText, bonusSwitchLabel, deliveredTakeText } from "./take_texts.ts";
import type { ListedOrder } from "../types.ts";
import { offerBonusTake } from "./take_calls.ts";

export interface TakeDecisionsProps {
  order: ListedOrder;
  onAnswered(order: AdminOrderView): void;
}

/**
 * What staff decided of the two takes: which one the family gets, who chose it and when,
 * and whether the other is offered as "Another version". Above the take tabs, so it reads the same
 * whichever take is being listened to.
 */
export function TakeDecisions({ order, onAnswered }: TakeDecisionsProps) {
  useSignals();
  const pending = useSignal(false);
  const offered = !!order.bonusTake;

  const toggleBonus = async () => {
    if (pending.value) return;
    pending.value = true;
    const answered = await offerBonusTake(order.id, !offered);
    pending.value = false;
    if (answered) onAnswered(answered);
  };

  return (
    <div
      data-take-decisions=""
      className="grid gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800"
    >
      <p data-take-choice="">
        <span className="font-semibold text-slate-900">Delivered take:</span>{" "}
        {deliveredTakeText(order, localDateTime)}
      </p>
      {allows(order, "offerBonusTake")
        ? (
          <div className="grid gap-1">
            <button
              type="button"
              role="switch"
              aria-checked={offered}
              // While the call runs it only says so: a disabled switch would drop the focus.
              aria-disabled={pending.value || undefined}
              onClick={toggleBonus}
              className={`flex min-h-[44px] items-center gap-3 justify-self-start rounded-xl text-left font-semibold text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 focus-visible:ring-offset-2 ${
                pending.value ? "cursor-wait opacity-60" : ""
              }`}
            >
              <span
                aria-hidden="true"
                className={`relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors ${
                  offered ? "bg-violet-600" : "bg-slate-500"
                }`}
              >
                <span
                  className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform ${
                    offered ? "left-[1.375rem]" : "left-0.5"
                  }`}
                />
              </span>
              {bonusSwitchLabel(order)}
            </button>
            <p data-bonus-take="" className="text-slate-600">
              {offered
                ? `${anotherVersionText(order, localDateTime)}, as "Another version".`
                : "Not offered: the family sees only the delivered take."}
            </p>
          </div>
        )
        : (
          <p data-bonus-take="">
            <span className="font-semibold text-slate-900">Another version:</span>{" "}
            {anotherVersionText(order, localDateTime)}
          </p>
        )}
    </div>
  );
}
