import type { EventDraft } from "../generation/events.ts";
import { PROMPT_LABELS, type PromptKind, type PromptScope } from "../prompts/kinds.ts";
import { formatCents } from "../order/pricing.ts";
import { takeLabel, type TakeNumber } from "../song/takes.ts";
import type { StreamingStatus } from "../song/streaming_status.ts";
import { type GenerationStage, STAGE_LABELS } from "../generation/stages.ts";
import type { SongWords } from "../song/upload_words.ts";

/**
 * What staff did to an order, on its record: each staff command writes one "STAFF" event
 * in the same atomic write as its change, naming who, so Order Detail's timeline shows the staff's
 * decisions among the generation events. The words are built here, once, for every command.
 */
export const STAFF_ACTIONS = [
  "approve",
  "reject",
  "hold",
  "send",
  "resend",
  "email-change",
  "links-revoked",
  "streaming-change",
  "upload",
  "regenerate",
  "regenerate-lyrics",
  "take-choice",
  "bonus-take",
  "refund",
  "manual-order",
  // Not on an order: on the system prompt's own record (kv/prompt_events.ts).
  "prompt-save",
  "prompt-restore",
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** A rejection's reason is what staff read later in the song's history: a few sentences at most. */
export const MAX_REJECTION_REASON_CHARS = 500;

/**
 * What staff heard of the song in review (POST /api/admin/orders/:id/listen): the furthest point
 * reached of this song, so an approval can say whether, and how much of, it was heard.
 */
export interface ReviewListen {
  playedMs: number;
  durationMs: number;
  /** The admin who heard that much. */
  by: string;
  at: string;
}

/** Why staff sent a song back to be made again (Reject), shown to staff until the next approval. */
export interface Rejection {
  reason: string;
  by: string;
  at: string;
}

/** The facts of an uploaded file that staff read back in the timeline. */
export interface UploadedFile {
  fileName: string;
  sizeBytes: number;
  durationSeconds: number | null;
  bitrateKbps: number | null;
}

/** Each action with the facts its line names; they are the event's context too. */
export type StaffActionFacts =
  | { action: "approve"; listen: ReviewListen | null }
  | { action: "reject"; reason: string }
  | { action: "hold"; cancelledSendAt: string | null }
  | { action: "send" }
  | { action: "resend" }
  | { action: "email-change"; emailType: "parent" | "gift"; from: string | null; to: string }
  | { action: "links-revoked"; links: number }
  | { action: "streaming-change"; from: StreamingStatus; to: StreamingStatus }
  // `words`: the title and lyrics the upload gave an order that had none (domain/song/upload_words.ts).
  | { action: "upload"; file: UploadedFile; words?: SongWords | null }
  | { action: "regenerate"; from: "failed" | "song"; stage: GenerationStage }
  | { action: "regenerate-lyrics"; customInput: string }
  | { action: "take-choice"; take: TakeNumber; sentAgain: boolean }
  | { action: "bonus-take"; take: TakeNumber | null; offered: boolean }
  | { action: "refund"; amountCents: number; refundId: string }
  | { action: "prompt-save"; kind: PromptKind; scope: PromptScope; version: number }
  | { action: "prompt-restore"; kind: PromptKind; scope: PromptScope; version: number; restoredFrom: number }
  | { action: "manual-order"; file: UploadedFile; songTitle: string; duplicateOf?: number[] };

/** The timeline's line for what `by` did: stage STAFF, and the facts as its context. */
export function staffEvent(by: string, facts: StaffActionFacts): EventDraft {
  return {
    stage: "STAFF",
    type: "SUCCESS",
    provider: "app",
    message: messageOf(by, facts),
    context: { by, ...contextOf(facts) },
  };
}

/** The facts as flat JSON a timeline (or a log reader) can show without knowing each action. */
function contextOf(facts: StaffActionFacts): Record<string, unknown> {
  switch (facts.action) {
    case "approve": {
      const { listen } = facts;
      return {
        action: facts.action,
        playedMs: listen?.playedMs ?? null,
        durationMs: listen?.durationMs ?? null,
        listenedBy: listen?.by ?? null,
        listenedAt: listen?.at ?? null,
      };
    }
    case "upload":
      return { action: facts.action, ...facts.file, ...facts.words };
    case "manual-order":
      return {
        action: facts.action,
        songTitle: facts.songTitle,
        ...facts.file,
        ...(facts.duplicateOf ? { duplicateOf: facts.duplicateOf } : {}),
      };
    default:
      return { ...facts };
  }
}

function messageOf(by: string, facts: StaffActionFacts): string {
  switch (facts.action) {
    case "approve":
      return `Approved by ${by} ${listenWords(by, facts.listen)}.`;
    case "reject":
      return `Rejected by ${by}: ${facts.reason}`;
    case "hold":
      return `Held by ${by}: the scheduled email is cancelled and the song is back in Review.`;
    case "send":
      return `Send Now by ${by}.`;
    case "resend":
      return `Resend by ${by}.`;
    case "email-change": {
      const whose = facts.emailType === "parent" ? "Parent" : "Gift recipient";
      return facts.from
        ? `${whose} email changed from ${facts.from} to ${facts.to} by ${by}.`
        : `${whose} email set to ${facts.to} by ${by}.`;
    }
    case "links-revoked":
      return `Private links turned off by ${by} (${plural(facts.links, "link")}).`;
    case "streaming-change":
      return `Streaming status changed from ${facts.from} to ${facts.to} by ${by}.`;
    case "upload":
      return `Song uploaded by ${by}: ${facts.file.fileName}${uploadWordsNote(facts.words)}.`;
    case "regenerate":
      return facts.from === "failed"
        ? `Regenerate by ${by}: the failed order restarts at ${STAGE_LABELS[facts.stage]}.`
        : `Regenerate by ${by}: the song is made again from ${STAGE_LABELS[facts.stage]}.`;
    case "regenerate-lyrics":
      return facts.customInput
        ? `Lyrics regenerated by ${by} with the instruction: ${facts.customInput}`
        : `Lyrics regenerated by ${by}.`;
    case "take-choice":
      return `${takeLabel(facts.take)} chosen by ${by}` +
        (facts.sentAgain ? "; the email goes to the family again with it." : ".");
    case "bonus-take":
      return facts.offered && facts.take
        ? `${takeLabel(facts.take)} offered to the family as another version by ${by}.`
        : `The other take is no longer offered to the family (${by}).`;
    case "refund":
      return `Refunded $${formatCents(facts.amountCents)} by ${by}.`;
    case "prompt-save":
      return `${PROMPT_LABELS[facts.kind]} prompt saved as version ${facts.version} by ${by}.`;
    case "prompt-restore":
      return `${PROMPT_LABELS[facts.kind]} prompt version ${facts.restoredFrom} restored as version ` +
        `${facts.version} by ${by}.`;
    case "manual-order":
      return `Order created by ${by} with an uploaded song: ${facts.file.fileName}.` +
        (facts.duplicateOf
          ? ` Created anyway beside ${orderNumbers(facts.duplicateOf)}, with the same child, email and title.`
          : "");
  }
}

/** What the upload added, named on the line; the lyrics themselves are long, so only the context has them. */
function uploadWordsNote(words: SongWords | null | undefined): string {
  if (!words?.songTitle && !words?.songLyrics) return "";
  const title = words.songTitle ? `the title "${words.songTitle}"` : "";
  return `, with ${[title, words.songLyrics ? "lyrics" : ""].filter(Boolean).join(" and ")}`;
}

/** "after listening to 1:42 of 2:10", naming the listener when another admin heard it. */
function listenWords(approver: string, listen: ReviewListen | null): string {
  if (!listen) return "without a recorded listen";
  const heard = `${clockTime(listen.playedMs)} of ${clockTime(listen.durationMs)}`;
  return listen.by === approver ? `after listening to ${heard}` : `after ${listen.by} listened to ${heard}`;
}

/** A player's time: "1:42", or "1:02:05" past an hour; whole seconds, rounded down. */
export function clockTime(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

const orderNumbers = (numbers: number[]) =>
  `${numbers.length === 1 ? "order" : "orders"} ${numbers.map((number) => `#${number}`).join(", ")}`;
