import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useId } from "react";
import { allows } from "../../../domain/order/guards.ts";
import type { AdminOrderView } from "../../../domain/order/views.ts";
import {
  bonusTakeOf,
  deliveredTakeNumber,
  takeLabel,
  type TakeNumber,
  takeNumbered,
  takesOf,
} from "../../../domain/song/takes.ts";
import { ConfirmDialog } from "../../lib/ConfirmDialog.tsx";
import { localDateTime } from "../LocalTime.tsx";
import { tabId, TabList, TabPanel } from "../Tabs.tsx";
import { deliveredBadgeText, redeliverQuestion, timingNote, timingsSignature } from "./take_texts.ts";
import type { ListedOrder } from "../types.ts";
import { PreviewSong } from "./PreviewSong.tsx";
import { chooseTake } from "./take_calls.ts";
import { TakeDecisions } from "./TakeDecisions.tsx";
import { TakeHeader } from "./TakeHeader.tsx";
import type { PreviewSession } from "./use_preview_session.ts";
import { useTakeTimings } from "./use_take_timings.ts";

export interface TakesPreviewProps {
  order: ListedOrder;
  onAnswered(order: AdminOrderView): void;
  /** What is heard of either take counts toward the order's one listen record. */
  session?: PreviewSession;
}

/**
 * The preview of a song made in two takes. Tabs rather than two players stacked: the
 * sing-along follows one player, so one take is shown at a time and only it can play; on a phone the
 * dialog stays one player long; and switching back and forth is how staff compare the two.
 */
export function TakesPreview({ order, onAnswered, session }: TakesPreviewProps) {
  useSignals();
  const takes = takesOf(order);
  const delivered = deliveredTakeNumber(order);
  const bonus = bonusTakeOf(order)?.take ?? null;
  const shown = useSignal<TakeNumber>(delivered);
  const choosing = useSignal<TakeNumber | null>(null);
  const confirming = useSignal<TakeNumber | null>(null);
  const timings = useTakeTimings(order.id, timingsSignature(order));
  const idBase = `take-${useId().replace(/[^\w-]/g, "")}`;

  const take = takeNumbered(order, shown.value) ?? takes[0];
  const answered = timings.value;
  const timedLyrics = answered.state === "loaded" ? answered.byTake.get(take.take) ?? null : null;
  // Said once the server has answered: before that, a note would flash up for every stored timing.
  const note = answered.state === "loading" ? null : timingNote(take, !!timedLyrics, localDateTime);

  const choose = async (number: TakeNumber) => {
    choosing.value = number;
    const changed = await chooseTake(order.id, number);
    choosing.value = null;
    confirming.value = null;
    if (!changed) return;
    onAnswered(changed);
    // The button that had the focus is now the badge: give it to the take's tab, not the page behind.
    requestAnimationFrame(() => document.getElementById(tabId(idBase, String(number)))?.focus());
  };
  // The family already has their email: the new take means a second one, so it is asked first.
  const deliver = (number: TakeNumber) => order.emailSentAt ? (confirming.value = number) : choose(number);
  const canChoose = allows(order, "chooseTake");

  const song = (
    <PreviewSong
      key={take.take}
      songUrl={take.songUrl}
      songTitle={take.title?.trim() || order.songTitle?.trim() || `${order.childName}'s Song`}
      childName={order.childName}
      lyrics={order.songLyrics}
      timedLyrics={timedLyrics}
      timingNote={note}
      session={session}
      header={
        <TakeHeader
          take={take}
          delivered={take.take === delivered}
          sent={!!order.emailSentAt}
          bonus={take.take === bonus}
          onDeliver={canChoose ? () => deliver(take.take) : null}
          delivering={choosing.value === take.take}
        />
      }
    />
  );

  return (
    <div className="grid gap-5">
      {takes.length > 1 && <TakeDecisions order={order} onAnswered={onAnswered} />}
      {takes.length > 1
        ? (
          <div className="grid gap-4">
            <TabList
              label="Takes of the song"
              idBase={idBase}
              items={takes.map((each) => ({
                key: String(each.take),
                label: (
                  <TabLabel
                    take={each.take}
                    role={each.take === delivered
                      ? deliveredBadgeText(!!order.emailSentAt)
                      : each.take === bonus
                      ? "Bonus"
                      : null}
                  />
                ),
              }))}
              selected={String(take.take)}
              onSelect={(key) => (shown.value = Number(key) as TakeNumber)}
              className="grid grid-cols-2 gap-1 rounded-2xl bg-slate-100 p-1"
              tabClass={(selected) =>
                `grid min-h-[44px] place-items-center rounded-xl px-3 py-1 text-sm font-semibold transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 ${
                  selected ? "bg-white text-violet-800 shadow-sm" : "text-slate-700 hover:text-slate-900"
                }`}
            />
            <TabPanel idBase={idBase} tab={String(take.take)} data-take-panel={take.take}>
              {song}
            </TabPanel>
          </div>
        )
        : song}

      {confirming.value !== null && (
        <ConfirmDialog
          title={`Deliver ${takeLabel(confirming.value)}?`}
          message={redeliverQuestion(order, confirming.value)}
          confirmLabel={`Deliver ${takeLabel(confirming.value)} and email`}
          cancelLabel="Cancel"
          busyLabel={choosing.value !== null ? "Delivering..." : null}
          onCancel={() => (confirming.value = null)}
          onConfirm={() => confirming.value !== null && choose(confirming.value)}
        />
      )}
    </div>
  );
}

/** "Take 2 · Delivering": the tab says which take the family gets before it is opened. */
function TabLabel({ take, role }: { take: TakeNumber; role: string | null }) {
  return (
    // On a phone the role goes under the name rather than breaking after the dot.
    <span className="flex flex-col items-center sm:flex-row sm:gap-1">
      <span>{takeLabel(take)}</span> {role && (
        <span className="font-normal">
          <span className="hidden sm:inline">·</span> {role}
        </span>
      )}
    </span>
  );
}
