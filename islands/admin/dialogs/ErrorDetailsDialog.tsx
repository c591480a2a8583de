import { type ReactNode, useId } from "react";
import type { AdminOrder } from "../../../domain/admin/order_list.ts";
import type { GenerationEvent } from "../../../domain/generation/events.ts";
import type { Severity } from "../../../domain/generation/call_errors.ts";
import { CopyIcon, RefreshIcon, UploadIcon } from "../../../components/icons.tsx";
import { buttonClass } from "../../../components/ui.ts";
import { copyText } from "../../lib/clipboard.ts";
import { Dialog } from "../../lib/Dialog.tsx";
import { toast } from "../../lib/toast.ts";
import { callText, failureSummary, familyToldAt, timelineByStage, truncateId } from "./error_details.ts";

export interface ErrorDetailsDialogProps {
  order: AdminOrder;
  onClose(): void;
  /** Given when the dashboard can open the upload dialog for this order. */
  onUpload?(): void;
  /** Given when the order may be made again (it restarts from the stage that failed). */
  onRegenerate?(): void;
}

const SEVERITY_CLASS: Record<Severity, string> = {
  low: "bg-sky-100 text-sky-800 ring-sky-200",
  medium: "bg-amber-100 text-amber-900 ring-amber-200",
  high: "bg-red-100 text-red-800 ring-red-200",
};

const EVENT_TYPE_CLASS: Record<string, string> = {
  START: "bg-slate-100 text-slate-700 ring-slate-200",
  SUCCESS: "bg-green-100 text-green-800 ring-green-200",
  ERROR: "bg-red-100 text-red-800 ring-red-200",
  RETRY: "bg-amber-100 text-amber-900 ring-amber-200",
};

const BADGE = "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-bold ring-1 ring-inset";

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });

/** "10:42" today, "Jan 16, 10:42" on another day. */
const formatClock = (iso: string) => {
  const at = new Date(iso);
  const today = at.toDateString() === new Date().toDateString();
  return at.toLocaleString(undefined, {
    ...(today ? {} : { month: "short", day: "numeric" }),
    hour: "2-digit",
    minute: "2-digit",
  });
};

/**
 * Staff-side §2, Error Details: why a failed order stopped, how bad that is, what to do about it,
 * and every event of its generation in stage order.
 */
export function ErrorDetailsDialog({ order, onClose, onUpload, onRegenerate }: ErrorDetailsDialogProps) {
  const summary = failureSummary(order);
  const groups = timelineByStage(order.events ?? []);
  const { classification } = summary;
  const toldAt = familyToldAt(order, Date.now());
  const summaryId = useId();
  const adviceId = useId();
  const timelineId = useId();
  return (
    <Dialog
      title="Error Details"
      description={`Order #${order.orderNumber} for ${order.childName}`}
      onClose={onClose}
      size="xl"
    >
      <div className="grid gap-5">
        <section aria-labelledby={summaryId} className="grid gap-3">
          <h3 id={summaryId} className="sr-only">Summary</h3>
          {/* First focus here, not on the Close button at the end: the dialog opens at its top. */}
          <p
            data-error-message=""
            data-autofocus=""
            tabIndex={-1}
            className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm font-medium text-red-900 break-words focus:outline-none"
          >
            {summary.error}
          </p>
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm lg:grid-cols-3">
            <Fact label="Failure type">{summary.failureType}</Fact>
            <Fact label="Stage">{summary.stageLabel}</Fact>
            <Fact label="Error code">
              <span className="flex flex-wrap items-center gap-2" data-classification="">
                <span className="tabular-nums">{summary.httpStatus ?? "—"}</span>
                <span>{classification.title}</span>
                {classification.severity && (
                  <span className={`${BADGE} ${SEVERITY_CLASS[classification.severity]}`}>
                    {classification.severityLabel} ({classification.severity})
                  </span>
                )}
              </span>
            </Fact>
            <Fact label="Retries">
              <span className="flex flex-wrap items-center gap-2">
                <span className="tabular-nums">{summary.retries}</span>
                {summary.multipleRetries && (
                  <span className={`${BADGE} bg-red-100 text-red-800 ring-red-200`}>Multiple retries</span>
                )}
              </span>
            </Fact>
            <Fact label="Time until failure">
              <span data-time-to-failure="">{summary.timeToFailure ?? "Unknown"}</span>
            </Fact>
            <Fact label="Failed at">{summary.failedAt ? formatTime(summary.failedAt) : "Unknown"}</Fact>
          </dl>
        </section>

        <section
          aria-labelledby={adviceId}
          data-recommended-action=""
          className="grid gap-3 rounded-xl border border-violet-200 bg-violet-50 p-4"
        >
          <h3 id={adviceId} className="font-display text-base font-bold text-violet-900">
            Recommended action
          </h3>
          <p className="text-sm text-violet-950">{summary.advice}</p>
          {toldAt && (
            <p className="text-sm text-violet-950" data-family-told-at={toldAt}>
              The family will be told by email at {formatClock(toldAt)} unless the song is fixed before then.
            </p>
          )}
          {(onRegenerate || onUpload) && (
            <div className="flex flex-wrap gap-2" data-recovery="">
              {/* The advice's own remedy leads: an upload after repeated failures, else a retry. */}
              {onRegenerate && (
                <button
                  type="button"
                  onClick={onRegenerate}
                  className={`${
                    buttonClass(summary.suggestsUpload ? "outline" : "primary", "sm")
                  } min-h-[44px]`}
                >
                  <RefreshIcon />
                  Regenerate
                </button>
              )}
              {onUpload && (
                <button
                  type="button"
                  onClick={onUpload}
                  className={`${
                    buttonClass(summary.suggestsUpload ? "primary" : "outline", "sm")
                  } min-h-[44px]`}
                >
                  <UploadIcon />
                  Upload a song
                </button>
              )}
            </div>
          )}
        </section>

        <section aria-labelledby={timelineId} className="grid gap-3">
          <h3 id={timelineId} className="font-display text-base font-bold text-slate-900">
            Timeline
          </h3>
          {groups.length === 0
            ? <p className="text-sm text-slate-600">No generation events were recorded.</p>
            : (
              <ol className="grid gap-4" data-timeline="">
                {groups.map((group) => (
                  <li key={group.stage} className="grid gap-2" data-stage={group.stage}>
                    <h4 className="text-xs font-bold uppercase tracking-wide text-slate-500">
                      {group.label}
                    </h4>
                    <ol className="grid gap-2 border-l-2 border-slate-200 pl-3">
                      {group.events.map((event) => <EventRow key={event.id} event={event} />)}
                    </ol>
                  </li>
                ))}
              </ol>
            )}
        </section>

        <div className="flex justify-end">
          <button type="button" className={`${buttonClass("outline")} min-h-[44px]`} onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </Dialog>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

function EventRow({ event }: { event: GenerationEvent }) {
  const call = callText(event);
  const facts: { label: string; value: ReactNode }[] = [
    event.provider ? { label: "Provider", value: event.provider } : null,
    event.httpStatus !== null ? { label: "HTTP", value: event.httpStatus } : null,
    call ? { label: "Call", value: <span className="break-all font-mono">{call}</span> } : null,
    event.durationMs !== null ? { label: "Duration", value: `${event.durationMs} ms` } : null,
    { label: "Retry", value: event.retryCount },
    event.code !== null ? { label: "Code", value: event.code } : null,
    event.requestId
      ? { label: "Request", value: <CopyableId id={event.requestId} name="request id" /> }
      : null,
    event.taskId ? { label: "Task", value: <CopyableId id={event.taskId} name="task id" /> } : null,
  ].filter((fact) => fact !== null);
  return (
    <li className="grid gap-1.5 rounded-xl border border-slate-200 bg-white p-3" data-event-type={event.type}>
      <div className="flex flex-wrap items-center gap-2">
        <span className={`${BADGE} ${EVENT_TYPE_CLASS[event.type] ?? EVENT_TYPE_CLASS.START}`}>
          {event.type}
        </span>
        <time dateTime={event.occurredAt} className="text-xs tabular-nums text-slate-500">
          {formatTime(event.occurredAt)}
        </time>
      </div>
      <p className="text-sm text-slate-900 break-words">{event.message}</p>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        {facts.map((fact) => (
          <div key={fact.label} className="flex min-w-0 gap-1">
            <dt className="font-semibold text-slate-500">{fact.label}:</dt>
            <dd className="min-w-0">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/**
 * The id cut to 16 characters, with the whole id in the tooltip and a button that copies it whole:
 * what staff paste into the provider's support form.
 */
function CopyableId({ id, name }: { id: string; name: string }) {
  const copy = async () => {
    if (await copyText(id)) toast({ title: `The ${name} is copied` });
    else {toast({
        title: "Copy failed",
        description: `The ${name} could not be copied.`,
        variant: "destructive",
      });}
  };
  return (
    <span className="inline-flex items-center gap-1">
      <span className="font-mono" title={id} data-full-id={id}>
        {truncateId(id)}
      </span>
      <button
        type="button"
        onClick={copy}
        aria-label={`Copy the ${name}`}
        className="inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-violet-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
      >
        <CopyIcon />
      </button>
    </span>
  );
}
