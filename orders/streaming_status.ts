import type { StreamingStatus } from "../domain/streaming_status.ts";
import { ConflictError } from "../domain/errors.ts";
import { changeOrder } from "./change_order.ts";
import { iso } from "../domain/time.ts";
import type { Deps } from "../deps.ts";

const NO_STREAMING_ADD_ON = "This order has no streaming add-on.";

/** Staff-side §4, streaming status: set by an admin, only on orders that bought the add-on. */
export function setStreamingStatus(
  deps: Pick<Deps, "kv" | "clock">,
  orderId: string,
  status: StreamingStatus,
) {
  const now = deps.clock.now();
  return changeOrder(deps.kv, orderId, (current) => {
    if (!current.addStreamingServices) return new ConflictError(NO_STREAMING_ADD_ON);
    if (current.streamingStatus === status) return null;
    return { ...current, streamingStatus: status, updatedAt: iso(now) };
  });
}
