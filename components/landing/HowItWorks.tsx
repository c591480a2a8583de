import { SECTIONS } from "../../domain/site/site.ts";
import { LandingSection } from "./LandingSection.tsx";
import { buttonClass } from "../ui.ts";

const STEPS = [
  {
    title: "Tell us about your child",
    text: "Share their name, age, favorite things, friends and hobbies in a quick form.",
  },
  {
    title: "We craft a unique song",
    text: "Our team writes personalized lyrics and produces a song in the style you pick.",
  },
  {
    title: "Get your song within 24 hours",
    text: "A high-quality MP3 is delivered by email with a private link to unwrap it.",
  },
];

export function HowItWorks() {
  return (
    <LandingSection
      id={SECTIONS.howItWorks}
      titleId="how-title"
      title="How it Works"
      background="white"
      width="wide"
      className="gap-10"
    >
      <ol className="grid gap-6 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="grid gap-3 rounded-2xl bg-violet-50 p-6">
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-violet-600 text-xl font-bold text-white">
              {index + 1}
            </span>
            <h3 className="text-xl font-bold text-slate-900">{step.title}</h3>
            <p className="text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
      <aside className="grid gap-3 rounded-2xl border-2 border-dashed border-pink-300 bg-pink-50 p-6 md:grid-cols-[1fr_auto] md:items-center">
        <div className="grid gap-2">
          <h3 className="text-xl font-bold text-slate-900">Optional: put it on streaming platforms</h3>
          <p className="text-slate-600">
            For $10.00 more we publish the song under an artist profile name you choose.
          </p>
        </div>
        <a href="/order" className={buttonClass("primary")}>Create Your Hit!</a>
      </aside>
    </LandingSection>
  );
}
