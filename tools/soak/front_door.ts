/**
 * One public address in front of several server processes, as a load balancer puts several instances
 * behind one APP_URL. It forwards each request to a running server, trying the next when one is down
 * (killed), so the music service's callbacks reach the shop whichever instance is alive.
 *
 * Only for the shop's own public address (callbacks, links). The soak's customers and staff talk to
 * each server directly, so they know which process answered, or died under, their request.
 */
export interface Backend {
  readonly origin: string | null;
}

export function startFrontDoor(backends: readonly Backend[]) {
  let next = 0;
  let forwarded = 0;
  let refused = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const url = new URL(request.url);
    const body = request.body ? await request.arrayBuffer() : null;
    for (let tried = 0; tried < backends.length; tried++) {
      const origin = backends[next++ % backends.length].origin;
      if (!origin) continue;
      try {
        const response = await fetch(`${origin}${url.pathname}${url.search}`, {
          method: request.method,
          headers: request.headers,
          body,
          redirect: "manual",
        });
        forwarded++;
        // fetch has already decoded the body, so its encoding and length no longer describe it.
        const headers = new Headers(response.headers);
        headers.delete("content-encoding");
        headers.delete("content-length");
        return new Response(await response.arrayBuffer(), { status: response.status, headers });
      } catch {
        // That instance died or is restarting: the next one takes the request.
      }
    }
    refused++;
    return new Response("No instance is up.", { status: 502 });
  });
  return {
    origin: `http://127.0.0.1:${server.addr.port}`,
    get forwarded() {
      return forwarded;
    },
    /** Requests that found no instance up (the caller sees a 502). */
    get refused() {
      return refused;
    },
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}
