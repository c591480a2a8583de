import { ClockIcon } from "../../components/icons.tsx";
import { controlClass, ERROR, HINT, LABEL, pillClass, RADIO } from "./control_styles.ts";
import { timeZoneChoices } from "../../domain/delivery/requested.ts";
import {
  type DeliveryAudience,
  deliveryBounds,
  type DeliveryChoice,
  type DeliveryProblem,
  deliverySummary,
  type DeliveryWhen,
  zoneLabel,
} from "./delivery_time.ts";

/** A part of the fields that has an id: the boxes, and the sentence saying the choice back. */
export type DeliveryPart = "date" | "time" | "zone" | "summary";

export interface DeliveryTimeFieldsProps {
  /** Each part's DOM id, unique on the page, so the page can focus the box in error. */
  idOf(part: DeliveryPart): string;
  legend: string;
  choice: DeliveryChoice;
  /** The clock the boxes are read on ("Europe/London"): the browser's own unless another was picked. */
  timeZone: string;
  /** Says why the zone may matter here (a gift's recipient living elsewhere). */
  zoneHint?: string;
  onTimeZoneChange(timeZone: string): void;
  /** Who the song reaches, and this browser's own zone, for the sentence under the boxes. */
  audience?: DeliveryAudience;
  now: number;
  /** The part the family must put right, and why; null when nothing is wrong. */
  error: Pick<DeliveryProblem, "part" | "message"> | null;
  onChange(change: Partial<DeliveryChoice>): void;
}

const OPTIONS: { value: DeliveryWhen; label: string }[] = [
  { value: "ready", label: "As soon as it's ready" },
  { value: "chosen", label: "On a day I choose" },
];

/**
 * "When should it arrive?": as soon as the song is ready, or a day and time from the phone's own
 * date and time pickers, limited to 24 hours from now up to a year ahead, in a time zone named
 * beside them from the start (the browser's own unless another is picked: a gift may be timed on
 * its recipient's clock). The choice is said back underneath in words, so the family reads exactly
 * what they asked for. Used by the order form and by My Songs' change of delivery time.
 */
export function DeliveryTimeFields(
  { idOf, legend, choice, timeZone, zoneHint, onTimeZoneChange, audience, now, error, onChange }:
    DeliveryTimeFieldsProps,
) {
  const bounds = deliveryBounds(now, timeZone);
  const summaryId = idOf("summary");
  return (
    <fieldset className="grid content-start gap-4" aria-describedby={summaryId}>
      {/* As prominent as the gift box's own label beside it. */}
      <legend className="mb-2 font-semibold text-slate-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {OPTIONS.map((option) => {
          const checked = choice.when === option.value;
          return (
            <label key={option.value} className={pillClass(checked)}>
              <input
                type="radio"
                name="deliveryWhen"
                value={option.value}
                checked={checked}
                // A dialog opening on these fields puts the focus on the family's current answer.
                data-autofocus={checked || undefined}
                onChange={() => onChange({ when: option.value })}
                className={RADIO}
              />
              {option.label}
            </label>
          );
        })}
      </div>
      {choice.when === "chosen" && (
        // Side by side from `sm` up; stacked on a phone, where each picker gets the full width.
        <div className="grid gap-4 sm:grid-cols-2">
          <Box
            id={idOf("date")}
            part="date"
            label="Date"
            error={error}
            input={{
              type: "date",
              name: "deliveryDate",
              value: choice.date,
              min: bounds.minDate,
              max: bounds.maxDate,
            }}
            onChange={(date) => onChange({ date })}
          />
          <Box
            id={idOf("time")}
            part="time"
            label="Time"
            error={error}
            input={{
              type: "time",
              name: "deliveryTime",
              value: choice.time,
              // Only the first day has an earliest time; any time will do on the others.
              min: choice.date === bounds.minDate ? bounds.earliestTime : undefined,
            }}
            onChange={(time) => onChange({ time })}
          />
          <ZoneBox
            id={idOf("zone")}
            timeZone={timeZone}
            hint={zoneHint}
            onChange={onTimeZoneChange}
          />
        </div>
      )}
      <p
        id={summaryId}
        aria-live="polite"
        className="flex items-start gap-2 text-sm font-medium text-violet-800"
      >
        <ClockIcon className="mt-0.5 h-4 w-4 shrink-0" />
        <span data-delivery-summary="">{deliverySummary(choice, now, timeZone, audience)}</span>
      </p>
    </fieldset>
  );
}

interface BoxProps {
  id: string;
  part: "date" | "time";
  label: string;
  error: DeliveryTimeFieldsProps["error"];
  input: { type: "date" | "time"; name: string; value: string; min?: string; max?: string };
  onChange(value: string): void;
}

/** One labelled box with its message when it is the one in error. */
function Box({ id, part, label, error, input, onChange }: BoxProps) {
  const message = error?.part === part ? error.message : null;
  return (
    <div className="grid content-start gap-2">
      <label htmlFor={id} className={LABEL}>{label}</label>
      <input
        {...input}
        id={id}
        aria-required
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={`${controlClass(!!message)} min-h-[3.25rem]`}
      />
      {message && <p id={`${id}-error`} className={ERROR}>{message}</p>}
    </div>
  );
}

/**
 * The zone the day and time are read in, named from the moment a day is to be chosen. A plain list
 * of the runtime's IANA zones ("Europe/London"), which a keyboard can jump through by typing.
 */
function ZoneBox(
  { id, timeZone, hint, onChange }: {
    id: string;
    timeZone: string;
    hint?: string;
    onChange(zone: string): void;
  },
) {
  return (
    <div className="grid content-start gap-2 sm:col-span-2">
      <label htmlFor={id} className={LABEL}>Time zone</label>
      <select
        id={id}
        name="deliveryTimeZone"
        value={timeZone}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={`${controlClass(false)} min-h-[3.25rem]`}
      >
        {timeZoneChoices(timeZone).map((zone) => <option key={zone} value={zone}>{zoneLabel(zone)}</option>)}
      </select>
      {hint && <p id={`${id}-hint`} className={HINT}>{hint}</p>}
    </div>
  );
}
