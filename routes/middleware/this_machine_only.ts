import type { Context, MiddlewareHandler } from "hono";
import { MESSAGES } from "../../domain/account/sign_in_limits.ts";
import { isLoopbackHost } from "../../domain/config.ts";
import { ForbiddenError } from "../../domain/errors.ts";
import { peerAddress } from "../client_address.ts";
import type { AppEnv } from "../request_context.ts";
import { handleNotFound } from "./errors.tsx";
import { isFromAnotherSite, isSafeMethod } from "./session.ts";

/** Headers a proxy adds: behind one, every request reaches us from loopback, wherever it came from. */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

/**
 * Development conveniences (the dev mailbox shows every sign-in link; the local checkout takes
 * orders without payment) answer only someone at this machine: the socket's peer must be loopback,
 * no proxy may have forwarded the request, and the address the browser asked for must name this
 * machine too. Without that last check, a site whose name an attacker points at 127.0.0.1 after the
 * page loaded (DNS rebinding) would read the mailbox from the victim's own browser. Anyone else gets
 * the same 404 as a path that does not exist, so a public deployment that somehow mounted them still
 * reveals nothing. Writes there are refused from another site's page, as everywhere else.
 */
export const thisMachineOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const forwarded = FORWARDING_HEADERS.some((name) => c.req.header(name) !== undefined);
  if (forwarded || !isLoopbackHost(peerAddress(c)) || !askedForThisMachine(c)) return handleNotFound(c);
  if (!isSafeMethod(c.req.method) && isFromAnotherSite(c)) throw new ForbiddenError(MESSAGES.crossSite);
  await next();
};

/** The name the browser used: the `Host` header (the request's URL is made from it) and the URL alike. */
function askedForThisMachine(c: Context<AppEnv>): boolean {
  const host = c.req.header("host");
  if (host !== undefined && !isLoopbackHost(hostnameOf(host))) return false;
  return isLoopbackHost(new URL(c.req.url).hostname);
}

function hostnameOf(host: string): string {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return "";
  }
}
