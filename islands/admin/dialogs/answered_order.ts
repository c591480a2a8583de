import type { AdminOrder } from "../../../domain/admin/order_list.ts";
import type { GenerationEvent } from "../../../domain/generation/events.ts";

/**
 * The admin actions answer the order without its timeline (only the list reads events), but the
 * dashboard stores what a dialog hands back as an AdminOrder: keep the timeline it already had.
 */
export function keepKnownEvents(
  answered: Omit<AdminOrder, "events"> & { events?: GenerationEvent[] },
  known: GenerationEvent[],
): AdminOrder {
  return { ...answered, events: answered.events ?? known };
}
