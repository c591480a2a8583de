// First: Zod must be jitless before any island module builds a schema (see zod_jitless.ts).
import "./zod_jitless.ts";
import { type ComponentType, type ReactNode, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { Toaster } from "./Toaster.tsx";

/**
 * The React half of the client runtime, shared by every island entry (the bundler keeps it in one
 * chunk with React); the tiny boot (boot.ts) imports an island's entry when its strategy says so,
 * and the entry hands its marker here. The toaster comes with the first island: toasts are only ever
 * raised by islands.
 */
let toaster = false;

function Hydrated({ children, done }: { children: ReactNode; done: () => void }) {
  useEffect(done, []);
  return children;
}

/** Hydrates one marker; resolves once React has committed it (its effects run, its handlers live). */
// deno-lint-ignore no-explicit-any
export function hydrateIsland(marker: HTMLElement, name: string, Component: ComponentType<any>) {
  mountToaster();
  const props = JSON.parse(marker.dataset.props ?? "{}");
  return new Promise<void>((done) => {
    hydrateRoot(
      marker,
      <Hydrated done={done}>
        <Component {...props} />
      </Hydrated>,
      {
        onRecoverableError(error) {
          console.error(`Island "${name}" did not hydrate cleanly:`, error);
        },
      },
    );
  });
}

function mountToaster() {
  if (toaster) return;
  toaster = true;
  const host = document.createElement("div");
  host.id = "toaster";
  document.body.append(host);
  createRoot(host).render(<Toaster />);
}
