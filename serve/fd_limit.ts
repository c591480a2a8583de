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
 * How many client connections to keep at most. A connection costs `perConnection` descriptors (one
 * handed off to Deno's HTTP server; three relayed: the client's socket, ours to the inner server and
 * the inner server's end of it), and KV, files and outgoing calls need room too, so a tenth of the
 * limit (at least 128) stays free for them.
 */
export function connectionCapFor(fileLimit: number | null, perConnection = 3): number {
  if (fileLimit === null) return 1024;
  const reserve = Math.max(128, Math.ceil(fileLimit / 10));
  return Math.max(16, Math.floor((fileLimit - reserve) / perConnection));
}
