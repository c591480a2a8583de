import { LocalTime } from "../LocalTime.tsx";
import type { DetailedOrder, ListedOrder } from "../types.ts";
import { DebugText } from "./DebugText.tsx";
import { EventList } from "./EventList.tsx";
import { Field, Section } from "./fields.tsx";
import { LyricsHistory } from "./LyricsHistory.tsx";
import { promptVersionText } from "./prompt_versions.ts";

export interface TechnicalTabProps {
  order: ListedOrder;
  /** Debug texts and lyrics history come with the detail call; null while it loads. */
  detail: DetailedOrder | null;
  detailFailed: boolean;
  onRetry(): void;
}

const time = (iso: string | null | undefined) => iso && <LocalTime iso={iso} />;

/** Ids, prompt versions, counters, timestamps, events, debug logs and lyrics history (staff-side §3). */
export function TechnicalTab({ order, detail, detailFailed, onRetry }: TechnicalTabProps) {
  const events = order.events ?? detail?.events ?? [];
  return (
    <div className="grid gap-6">
      <Section title="Identifiers">
        <Field label="Order ID" value={<code className="font-mono text-xs">{order.id}</code>} />
        <Field
          label="User ID"
          value={order.userId && <code className="font-mono text-xs">{order.userId}</code>}
        />
        <Field
          label="Song Task ID"
          value={order.songTaskId && <code className="break-all font-mono text-xs">{order.songTaskId}</code>}
        />
      </Section>

      <Section title="Prompt Versions">
        <Field label="Lyrics Prompt" value={promptVersionText(order.promptVersions, "lyrics")} />
        <Field label="Tags Prompt" value={promptVersionText(order.promptVersions, "tags")} />
      </Section>

      <Section title="Counters">
        <Field label="Regeneration Count" value={String(order.regenerationCount ?? 0)} />
        <Field label="Retry Count" value={String(order.retryCount ?? 0)} />
        <Field label="Lyrics Regeneration Count" value={String(order.lyricsRegenerationCount ?? 0)} />
        <Field label="Last Lyrics Regeneration" value={time(order.lastLyricsRegeneratedAt)} />
      </Section>

      <Section title="Timestamps">
        <Field label="Created At" value={time(order.createdAt)} />
        <Field label="Updated At" value={time(order.updatedAt)} />
        <Field label="Generation Started At" value={time(order.generationStartedAt)} />
        <Field label="Completed At" value={time(order.completedAt)} />
        {/* The family's moment in the reader's own zone, beside the zone the family chose it in. */}
        <Field
          label="Requested Delivery At"
          value={order.requestedDelivery && (
            <>
              {time(order.requestedDelivery.at)}{" "}
              <code className="font-mono text-xs text-slate-600">{order.requestedDelivery.timeZone}</code>
            </>
          )}
        />
        <Field label="Delivery Scheduled For" value={time(order.deliveryScheduledFor)} />
        <Field label="Email Sent At" value={time(order.emailSentAt)} />
      </Section>

      <section className="grid gap-2">
        <h3 className="font-display text-base font-bold text-slate-900">Events ({events.length})</h3>
        <EventList events={events} />
      </section>

      <section className="grid gap-2">
        <h3 className="font-display text-base font-bold text-slate-900">Debug Logs</h3>
        {detail
          ? (
            <div className="grid gap-2">
              <DebugText label="OpenAI Lyrics Prompt" text={detail.debug.openaiLyricsPrompt} />
              <DebugText label="OpenAI Lyrics Response" text={detail.debug.openaiLyricsResponse} />
              <DebugText label="OpenAI Tags Input" text={detail.debug.openaiTagsInput} />
              <DebugText label="OpenAI Tags Output" text={detail.debug.openaiTagsOutput} />
            </div>
          )
          : <DetailPending failed={detailFailed} onRetry={onRetry} />}
      </section>

      <section className="grid gap-2">
        <h3 className="font-display text-base font-bold text-slate-900">Lyrics History</h3>
        {detail
          ? <LyricsHistory entries={detail.lyricsHistory} />
          : <DetailPending failed={detailFailed} onRetry={onRetry} />}
      </section>
    </div>
  );
}

function DetailPending({ failed, onRetry }: { failed: boolean; onRetry(): void }) {
  if (!failed) return <p role="status" className="text-sm text-slate-500">Loading...</p>;
  return (
    <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
      Could not load this part of the order.
      <button type="button" onClick={onRetry} className="font-semibold underline">Try again</button>
    </p>
  );
}
