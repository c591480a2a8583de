import type { ReactNode } from "react";
import { SECTIONS } from "../../domain/site/site.ts";
import { LandingSection } from "./LandingSection.tsx";

/** Frames the FAQ accordion island (passed in by the route, since components never import islands). */
export function FaqSection({ children }: { children: ReactNode }) {
  return (
    <LandingSection
      id={SECTIONS.faq}
      titleId="faq-title"
      title="Frequently Asked Questions"
      background="violet"
      width="narrow"
      className="gap-8"
    >
      {children}
    </LandingSection>
  );
}
