import { type ComponentType, createContext, useContext } from "react";
import { type Hydrate, type Remembered, strongerHydrate } from "./lib/hydrate_strategy.ts";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "lh-island": {
        "data-island": string;
        "data-props": string;
        "data-hydrate": Hydrate;
        "data-at-once-if"?: string;
        children?: ReactNode;
      };
    }
  }
}

/**
 * Collects the islands a server render used, each with the most urgent strategy it was placed with,
 * so the page lists only their scripts and preloads only those it hydrates at once.
 */
export const IslandCollector = createContext<Map<string, Hydrate> | null>(null);

export interface IslandOptions {
  /**
   * When the browser hydrates it (islands/lib/hydrate_strategy.ts): `load` at once (the default, and
   * what every island did before strategies existed), `visible` near the viewport, `idle` when the
   * browser has nothing better to do, `interaction` on the first touch. Clicks made before then are
   * replayed once it has hydrated.
   */
  hydrate?: Hydrate;
  /**
   * What the island restores from the browser (a draft, a code in the address): when the browser
   * holds any of it, the island hydrates at once whatever its strategy, so the restored state shows
   * from the start (islands/lib/hydrate_strategy.ts, `holdsRemembered`).
   */
  atOnceIf?: readonly Remembered[];
}

/**
 * Wraps an island component for server rendering: its HTML goes inside an `<lh-island>` marker that
 * carries the props as JSON and the hydration strategy, which the client boot reads to hydrate the
 * same component in place. Props must be JSON-serialisable; `name` must match `islands/{name}.tsx`.
 */
// deno-lint-ignore no-explicit-any
export function island<P extends Record<string, any>>(
  name: string,
  Component: ComponentType<P>,
  { hydrate = "load", atOnceIf = [] }: IslandOptions = {},
) {
  function Island(props: P) {
    const collected = useContext(IslandCollector);
    collected?.set(name, strongerHydrate(collected.get(name), hydrate));
    return (
      <lh-island
        data-island={name}
        data-props={JSON.stringify(props)}
        data-hydrate={hydrate}
        data-at-once-if={atOnceIf.length > 0 ? atOnceIf.join(" ") : undefined}
      >
        <Component {...props} />
      </lh-island>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
