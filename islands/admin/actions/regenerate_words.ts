import { restartStageOf, STAGE_LABELS } from "../../../domain/generation/stages.ts";
import type { ListedOrder } from "../types.ts";

/**
 * What Regenerate (whole order) tells staff before it runs, for one row and for the ticked rows alike:
 * where a failed order really starts again, and that a family who already has the song loses it until
 * the new one is sent (a re-made song is not released again until staff send it: domain/delivery/release.ts).
 */
type RegenerateFacts = Pick<ListedOrder, "status" | "currentStage" | "emailSentAt">;

/**
 * The stage a failed order's Regenerate restarts at, as staff read it: the rule that picks it is
 * domain/generation/stages.ts (restartStageOf), so the question names the stage the row then shows.
 */
export const restartLabel = (order: Pick<ListedOrder, "currentStage">) =>
  STAGE_LABELS[restartStageOf(order.currentStage)];

/** A finished song whose email has gone: the family has it, and Regenerate replaces it. */
export const replacesDelivered = (order: RegenerateFacts) => order.status !== "failed" && !!order.emailSentAt;

const DELIVERED_ONE =
  "The family already received the song being replaced: their link stops playing it until the new one is approved and sent.";

/** The row's own question (Confirm Regenerate). */
export function regenerateQuestion(order: RegenerateFacts & Pick<ListedOrder, "childName">): string {
  if (order.status === "failed") {
    const failedAt = STAGE_LABELS[order.currentStage as keyof typeof STAGE_LABELS];
    const restart = restartLabel(order);
    return `Start ${order.childName}'s song again from ${restart}?` +
      (failedAt && failedAt !== restart
        ? ` It failed at ${failedAt}, which cannot be resumed, so the song is created again.`
        : "");
  }
  return `Make a new song for ${order.childName} from the current lyrics? It gets a new style, title and ` +
    `audio, and its approval and delivery schedule are reset.` +
    (replacesDelivered(order) ? ` ${DELIVERED_ONE}` : "");
}
