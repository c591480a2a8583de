/**
 * The `Range` request header (RFC 9110 §14), for media players that seek. Only a single range is
 * honoured; several ranges or a header we cannot read are answered with the whole body, which the
 * RFC allows and browsers handle (they never ask for several ranges of audio).
 */
export type ByteRange =
  | { kind: "full" }
  | { kind: "partial"; start: number; end: number }
  | { kind: "unsatisfiable" };

const FULL: ByteRange = { kind: "full" };
const UNSATISFIABLE: ByteRange = { kind: "unsatisfiable" };

/** `bytes=a-b`, `bytes=a-` or `bytes=-n`; the unit is case-insensitive and spaces are tolerated. */
const SINGLE_RANGE = /^bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i;

export function parseRange(header: string | undefined, size: number): ByteRange {
  const match = header?.match(SINGLE_RANGE);
  if (!match) return FULL;
  const [, first, last] = match;
  if (first === "" && last === "") return FULL;

  if (first === "") {
    // The last n bytes. A suffix of zero bytes, or any suffix of an empty body, selects nothing.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return UNSATISFIABLE;
    return { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }

  const start = Number(first);
  // last < first is an invalid range-spec, which the RFC lets us ignore rather than refuse.
  if (last !== "" && Number(last) < start) return FULL;
  if (start >= size) return UNSATISFIABLE;
  return { kind: "partial", start, end: last === "" ? size - 1 : Math.min(Number(last), size - 1) };
}
