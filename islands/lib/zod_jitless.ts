/**
 * Zod in the browser without its JIT. Zod 4 compiles a fast parser for each object schema with
 * `new Function`, probing once whether that is allowed when the first object schema is built. Our CSP
 * has no 'unsafe-eval' (routes/middleware/security.ts), so the probe was refused: parsing still
 * worked, but every page whose islands brought a schema along (the order form, payment and order
 * waiting pages, before Zod left every island) raised a `securitypolicyviolation`, which a policy with
 * report-to would send as a report. `jitless` skips both the probe and the compiled path.
 *
 * The setting must be in place before any schema is built, and Zod reads it from
 * `globalThis.__zod_globalConfig`, adopting an object already there when it loads (Zod's core.ts
 * documents pre-populating it). Setting it here, rather than calling `z.config` after importing Zod,
 * keeps Zod out of the chunk every page shares. hydrate.tsx imports this first; it lives in the shared
 * chunk with React and the bundler's helpers, which every chunk holding Zod imports, so this runs
 * before them (tests/e2e/csp_console_test.ts watches for the violation).
 *
 * Browser only: the client boot is never loaded on the server, which keeps Zod's JIT. No island bundles
 * Zod now (tests/e2e/csp_console_test.ts fails if one does); this stays so one that slips back is safe.
 */
import type { $ZodConfig } from "zod/v4/core";

const shared = globalThis as { __zod_globalConfig?: $ZodConfig };
shared.__zod_globalConfig = Object.assign(shared.__zod_globalConfig ?? {}, { jitless: true });
