import type { ReactNode } from "react";
import type { SessionUser } from "../domain/account/users.ts";
import { Footer } from "./Footer.tsx";
import { Nav } from "./Nav.tsx";

export interface LayoutProps {
  user: SessionUser | null;
  onLanding: boolean;
  children: ReactNode;
  /**
   * After the footer: islands the frame carries on every page (the prompt editor for demo users).
   * The renderer (routes/render.tsx) passes them in, since components/ may not import islands/.
   */
  overlay?: ReactNode;
}

/** The shared frame of every page: skip link, sticky navigation, main content, footer. */
export function Layout({ user, onLanding, children, overlay }: LayoutProps) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-violet-700 focus:shadow"
      >
        Skip to content
      </a>
      <Nav user={user} onLanding={onLanding} />
      <main id="main" className="min-h-[60vh]">{children}</main>
      <Footer onLanding={onLanding} />
      {overlay}
    </>
  );
}
