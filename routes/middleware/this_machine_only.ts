import type { MiddlewareHandler } from "hono";
import { isLoopbackHost } from "../../domain/config.ts";
import { peerAddress } from "../client.ts";
import type { AppEnv } from "../env.ts";
import { handleNotFound } from "./errors.tsx";

/** Headers a proxy adds: behind one, every request reaches us from loopback, wherever it came from. */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

/**
 * Development conveniences (the dev mailbox shows every sign-in link; the local checkout takes
 * orders without payment) answer only someone at this machine: the socket's peer must be loopback
 * and no proxy may have forwarded the request. Anyone else gets the same 404 as a path that does not
 * exist, so a public deployment that somehow mounted them still reveals nothing.
 */
export const thisMachineOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const forwarded = FORWARDING_HEADERS.some((name) => c.req.header(name) !== undefined);
  if (forwarded || !isLoopbackHost(peerAddress(c))) return handleNotFound(c);
  await next();
};
