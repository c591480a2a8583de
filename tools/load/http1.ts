/**
 * A keep-alive HTTP/1.1 load client over plain TCP, as wrk does it: it sends the request's headers as
 * given and counts the body's bytes without decompressing them. Deno's fetch decompresses every brotli
 * body in the measuring process, which shares two cores with the server, so a page asked for as
 * browsers ask measured the client's brotli, not the server. Bodies must carry a Content-Length (every
 * page and /healthz does); anything else is counted as an error, not guessed at.
 */
import { ascending, percentile } from "../stats.ts";

const encoder = new TextEncoder();
const HEAD_END = encoder.encode("\r\n\r\n");

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  outer: for (let i = from; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** One connection's responses, read in order: each resolves with the status, or throws. */
class Http1Connection {
  #buffer = new Uint8Array(0);
  #chunk = new Uint8Array(64 * 1024);
  constructor(private conn: Deno.TcpConn) {}

  static async open(origin: URL) {
    const conn = await Deno.connect({ hostname: origin.hostname, port: Number(origin.port) });
    conn.setNoDelay(true);
    return new Http1Connection(conn);
  }

  async request(raw: Uint8Array): Promise<number> {
    await this.conn.write(raw);
    let headEnd = indexOfBytes(this.#buffer, HEAD_END, 0);
    while (headEnd < 0) {
      await this.#fill();
      headEnd = indexOfBytes(
        this.#buffer,
        HEAD_END,
        Math.max(0, this.#buffer.length - this.#chunk.length - 3),
      );
    }
    const head = new TextDecoder().decode(this.#buffer.subarray(0, headEnd));
    const status = Number(head.slice(9, 12));
    const length = head.match(/\r\ncontent-length:\s*(\d+)/i)?.[1];
    if (length === undefined) throw new Error(`no Content-Length in: ${head.split("\r\n")[0]}`);
    const end = headEnd + HEAD_END.length + Number(length);
    while (this.#buffer.length < end) await this.#fill();
    this.#buffer = this.#buffer.slice(end);
    return status;
  }

  async #fill() {
    const read = await this.conn.read(this.#chunk);
    if (read === null) throw new Error("the server closed the connection");
    const next = new Uint8Array(this.#buffer.length + read);
    next.set(this.#buffer);
    next.set(this.#chunk.subarray(0, read), this.#buffer.length);
    this.#buffer = next;
  }

  close() {
    try {
      this.conn.close();
    } catch {
      // Already closed by the server.
    }
  }
}

/** `concurrency` connections, each asking for `url` again as soon as the last answer is in, for `seconds`. */
export async function loadHttp1(
  url: string,
  { seconds, concurrency, headers = {} }: {
    seconds: number;
    concurrency: number;
    headers?: Record<string, string>;
  },
): Promise<LoadResult> {
  const target = new URL(url);
  const lines = [`GET ${target.pathname}${target.search} HTTP/1.1`, `Host: ${target.host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const raw = encoder.encode(lines.join("\r\n") + "\r\n\r\n");
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    let connection: Http1Connection | null = null;
    while (performance.now() < deadline) {
      const started = performance.now();
      try {
        connection ??= await Http1Connection.open(target);
        const status = await connection.request(raw);
        if (status >= 500) errors++;
        latencies.push(performance.now() - started);
      } catch {
        errors++;
        connection?.close();
        connection = null;
      }
    }
    connection?.close();
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = ascending(latencies);
  const at = (q: number) => sorted.length ? percentile(sorted, q) : 0;
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors };
}
