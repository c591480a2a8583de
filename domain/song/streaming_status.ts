/** Staff-side §4, streaming status for orders with the add-on; 'not uploaded' until an admin sets it. */
export const STREAMING_STATUSES = ["not uploaded", "processing", "live + sent"] as const;
export type StreamingStatus = (typeof STREAMING_STATUSES)[number];
export const DEFAULT_STREAMING_STATUS: StreamingStatus = "not uploaded";
