import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "../env.ts";

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
const POLICY_AFTER_STYLE = [
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

function contentSecurityPolicy(styleSource?: string): string {
  const style = styleSource ? `style-src 'self' ${styleSource}` : "style-src 'self'";
  return [...POLICY_BEFORE_STYLE, style, ...POLICY_AFTER_STYLE].join("; ");
}

/** Security headers for every response. */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
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
      c.res.headers.set("content-security-policy", contentSecurityPolicy(c.var.styleSource));
    });
}
