import { useSignals } from "@preact/signals-react/runtime";
import { LINK_CLASS } from "../../../components/ui.ts";
import { takeLabel, takesOf } from "../../../domain/song/takes.ts";
import { localDateTime } from "../LocalTime.tsx";
import {
  anotherVersionText,
  deliveredTakeText,
  takeDurationText,
  timingStateText,
} from "../review/take_texts.ts";
import type { ListedOrder } from "../types.ts";
import { Field, Section } from "./fields.tsx";

/**
 * The song's two takes: which one the family gets and who chose it, whether the other is
 * offered as "Another version", and each take's audio and timed lyrics. Only for an order with takes.
 */
export function TakesSection({ order }: { order: ListedOrder }) {
  useSignals();
  const takes = takesOf(order);
  if (takes.length === 0) return null;
  return (
    <Section title="Takes">
      <Field label="Delivered Take" value={deliveredTakeText(order, localDateTime)} />
      <Field label="Another Version" value={anotherVersionText(order, localDateTime)} />
      {takes.map((take) => {
        const length = takeDurationText(take);
        return [
          <Field
            key={`audio-${take.take}`}
            label={takeLabel(take.take)}
            value={
              <span className="grid gap-0.5">
                <span>{[take.title, length].filter(Boolean).join(" · ") || "Untitled"}</span>
                <a href={take.songUrl} target="_blank" rel="noopener" className={`${LINK_CLASS} break-all`}>
                  {take.songUrl}
                </a>
              </span>
            }
          />,
          <Field
            key={`timing-${take.take}`}
            label={`${takeLabel(take.take)} Timed Lyrics`}
            value={timingStateText(take.timing, localDateTime)}
          />,
        ];
      })}
    </Section>
  );
}
