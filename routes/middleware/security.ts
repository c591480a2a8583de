import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "../request_context.ts";

/**
 * The content security policy allows only what the app uses: scripts are our own bundles (no inline
 * script anywhere), media and images are ours. The one inline stylesheet of a page is allowed by
 * its SHA-256 (render.tsx sets `styleSource`) rather than a per-request nonce, so a page that is the
 * same for every visitor is byte-for-byte the same and can be kept compressed (see page_cache.ts).
 * `style-src-attr` stays open because islands set positions and progress widths through React's
 * `style` prop; that cannot run code.
 */
const POLICY_BEFORE_STYLE = [
  "default-src 'self'",
  "script-src 'self'",
];
const policyAfterStyle = (mediaOrigins: readonly string[]) => [
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data: blob:",
  ["media-src 'self' blob:", ...mediaOrigins].join(" "),
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

function contentSecurityPolicy(policyAfterStyle: readonly string[], styleSource?: string): string {
  const style = styleSource ? `style-src 'self' ${styleSource}` : "style-src 'self'";
  return [...POLICY_BEFORE_STYLE, style, ...policyAfterStyle].join("; ");
}

/**
 * Security headers for every response. `mediaOrigins` are where players may also load audio from: the
 * bucket, when songs are served by redirecting to presigned URLs (routes/media.ts).
 */
export function securityHeaders(mediaOrigins: readonly string[] = []): MiddlewareHandler<AppEnv> {
  const afterStyle = policyAfterStyle(mediaOrigins);
  const common = secureHeaders({
    contentSecurityPolicy: undefined,
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    crossOriginResourcePolicy: "same-origin",
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
  });
  return (c, next) =>
    common(c, async () => {
      await next();
      c.res.headers.set("content-security-policy", contentSecurityPolicy(afterStyle, c.var.styleSource));
    });
}
