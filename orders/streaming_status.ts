import { DEFAULT_STREAMING_STATUS, type StreamingStatus } from "../domain/song/streaming_status.ts";
import { ConflictError } from "../domain/errors.ts";
import { addStaffEvent } from "../kv/events.ts";
import { changeOrder } from "./change_order.ts";
import { iso } from "../domain/time.ts";
import type { Deps } from "../deps.ts";

const NO_STREAMING_ADD_ON = "This order has no streaming add-on.";

/** Staff-side §4, streaming status: set by an admin, only on orders that bought the add-on. */
export function setStreamingStatus(
  deps: Pick<Deps, "kv" | "clock">,
  orderId: string,
  status: StreamingStatus,
  by: string,
) {
  const now = deps.clock.now();
  return changeOrder(deps.kv, orderId, (current) => {
    if (!current.addStreamingServices) return new ConflictError(NO_STREAMING_ADD_ON);
    // Absent reads as the default, so choosing the default first changes nothing.
    if ((current.streamingStatus ?? DEFAULT_STREAMING_STATUS) === status) return null;
    return { ...current, streamingStatus: status, updatedAt: iso(now) };
  }, (operation, _next, before) => {
    addStaffEvent(operation, orderId, by, {
      action: "streaming-change",
      from: before.streamingStatus ?? DEFAULT_STREAMING_STATUS,
      to: status,
    }, now);
  });
}
