import type { ListedOrder } from "../types.ts";

/**
 * The artist name the family chose for the streaming add-on, shown beside its status so
 * staff uploading the song to the platforms need not open the order. Null when there is nothing to
 * show: no add-on (a name left from an unticked box is not theirs), or no name given.
 */
export function streamingArtistOf(
  order: Pick<ListedOrder, "addStreamingServices" | "streamingArtistName">,
): string | null {
  if (!order.addStreamingServices) return null;
  const name = (order.streamingArtistName ?? "").trim();
  return name === "" ? null : name;
}
