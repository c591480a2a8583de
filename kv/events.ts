import { buildEvent, type GenerationEvent } from "../domain/generation/events.ts";
import { type StaffActionFacts, staffEvent } from "../domain/admin/staff_actions.ts";
import { keys } from "./keys.ts";
import { addStaffActivity } from "./staff_activity.ts";

/** Generation events, each under its own key so an order's timeline never grows the order itself. */
export function addEvents(
  operation: Deno.AtomicOperation,
  orderId: string,
  events: readonly GenerationEvent[],
) {
  for (const event of events) operation.set(keys.orderEvent(orderId, event.id), event);
  return operation;
}

/**
 * What `by` did to the order, on its record in the same write as the change (domain/admin/staff_actions.ts),
 * and in the staff activity log across orders (kv/staff_activity.ts), in that write too.
 */
export function addStaffEvent(
  operation: Deno.AtomicOperation,
  orderId: string,
  by: string,
  facts: StaffActionFacts,
  now: number,
) {
  const event = buildEvent(staffEvent(by, facts), now);
  addStaffActivity(operation, orderId, event);
  return addEvents(operation, orderId, [event]);
}

/** An order's timeline, oldest first. */
export async function listEvents(kv: Deno.Kv, orderId: string): Promise<GenerationEvent[]> {
  const events: GenerationEvent[] = [];
  for await (const entry of kv.list<GenerationEvent>({ prefix: keys.orderEvents(orderId) })) {
    events.push(entry.value);
  }
  return events;
}
