import { useSignals } from "@preact/signals-react/runtime";
import { clientNow } from "./clock.ts";
import { formatDateTime } from "./format.ts";

/** A date and time: UTC in the server's render, the browser's own zone once the island runs. */
export function LocalTime({ iso }: { iso: string | null | undefined }) {
  useSignals();
  const text = formatDateTime(iso, clientNow.value !== null);
  return iso ? <time dateTime={iso}>{text}</time> : <>{text}</>;
}

/** The text LocalTime writes, for a date inside a sentence; read in a render, so it follows the same switch. */
export function localDateTime(iso: string): string {
  return formatDateTime(iso, clientNow.value !== null);
}
