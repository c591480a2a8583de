/**
 * `deno task build`: bundles the islands into static/build/ with their manifest (`--dev` for
 * development React). The builder itself is part of the app, in routes/island_build.ts.
 */
import { buildIslands } from "../routes/island_build.ts";

await buildIslands({ dev: Deno.args.includes("--dev") });
