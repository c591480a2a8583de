import type { ReactNode } from "react";
import { SECTIONS } from "../../domain/site/site.ts";
import { LandingSection } from "./LandingSection.tsx";

/** Frames the reactions carousel island (passed in by the route, since components never import islands). */
export function KidReactions({ children }: { children: ReactNode }) {
  return (
    <LandingSection
      id={SECTIONS.kidReactions}
      titleId="reactions-title"
      title="Kids Love Their Personalized Songs!"
      background="violet"
      width="wide"
      className="gap-6 text-center"
    >
      <p className="mx-auto max-w-2xl text-lg text-slate-600">
        Nothing beats the moment a child hears their own name in a song. Tap a video to watch.
      </p>
      {children}
    </LandingSection>
  );
}
