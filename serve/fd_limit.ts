/**
 * The process's soft limit on open files, which bounds how many connections it can hold. Read from
 * /proc on Linux; null elsewhere (the caller then uses a fixed, conservative cap).
 */
export function openFileLimit(read: (path: string) => string = Deno.readTextFileSync): number | null {
  try {
    const line = read("/proc/self/limits").split("\n").find((row) => row.startsWith("Max open files"));
    const soft = line?.split(/\s{2,}/)[1];
    return soft && /^\d+$/.test(soft) ? Number(soft) : null;
  } catch {
    return null;
  }
}

/**
 * How many client connections to keep at most: a third of what the open-file limit leaves once a
 * tenth of it (at least 128) is kept for KV, files and outgoing calls. A relayed connection costs
 * three descriptors (the client's socket, ours to the inner server and the inner server's end of it);
 * handed off it costs one, but the cap also bounds the memory a flood can make the server hold (each
 * unfinished request keeps Deno's buffers), and `deno task flood` holds its RSS ceiling at this cap,
 * not at three times it (docs/deploy.md).
 */
export function connectionCapFor(fileLimit: number | null): number {
  if (fileLimit === null) return 1024;
  const reserve = Math.max(128, Math.ceil(fileLimit / 10));
  return Math.max(16, Math.floor((fileLimit - reserve) / 3));
}
