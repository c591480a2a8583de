import { type ComponentType, createContext, useContext } from "react";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "lh-island": { "data-island": string; "data-props": string; children?: ReactNode };
    }
  }
}

/** Collects the names of the islands a server render used, so the page loads only their scripts. */
export const IslandCollector = createContext<Set<string> | null>(null);

/**
 * Wraps an island component for server rendering: its HTML goes inside an `<lh-island>` marker that
 * carries the props as JSON, which the client boot reads to hydrate the same component in place.
 * Props must be JSON-serialisable; `name` must match the file `islands/{name}.tsx`.
 */
// deno-lint-ignore no-explicit-any
export function island<P extends Record<string, any>>(name: string, Component: ComponentType<P>) {
  function Island(props: P) {
    useContext(IslandCollector)?.add(name);
    return (
      <lh-island data-island={name} data-props={JSON.stringify(props)}>
        <Component {...props} />
      </lh-island>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
