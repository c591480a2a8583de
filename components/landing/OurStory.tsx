import { SECTIONS } from "../../domain/site/site.ts";
import { LandingSection } from "./LandingSection.tsx";

export function OurStory() {
  return (
    <LandingSection
      id={SECTIONS.ourStory}
      titleId="story-title"
      title="Our Story"
      background="white"
      width="narrow"
      className="gap-6"
    >
      <p className="text-lg leading-relaxed text-slate-600">
        We're parents and musicians with over a decade in the music industry. When our own kids lit up hearing
        their names in a silly song we made up at bedtime, we knew every child deserved a song of their own.
      </p>
      <p className="text-lg leading-relaxed text-slate-600">
        Little Hits pairs that studio experience with a lot of heart: every song is reviewed by our team
        before it reaches you, and $1 from every song supports a children's research hospital.
      </p>
    </LandingSection>
  );
}
