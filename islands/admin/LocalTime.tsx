import { useSignals } from "@preact/signals-react/runtime";
import { clientNow } from "./clock.ts";
import { formatDateTime } from "./format.ts";

/** A date and time: UTC in the server's render, the browser's own zone once the island runs. */
export function LocalTime({ iso }: { iso: string | null | undefined }) {
  useSignals();
  const text = formatDateTime(iso, clientNow.value !== null);
  return iso ? <time dateTime={iso}>{text}</time> : <>{text}</>;
}
