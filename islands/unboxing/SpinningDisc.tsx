/** A record's grooves and the light that catches them (inline: the gradients need commas, see css.ts). */
const GROOVES = "repeating-radial-gradient(circle at center, #1e1b4b 0 2px, #0f172a 2px 5px)";
const SHINE =
  "conic-gradient(from 20deg, transparent 0 10%, rgba(255,255,255,0.22) 16%, transparent 24% 58%, rgba(255,255,255,0.14) 64%, transparent 72%)";

/**
 * The record of the player mock-up. It turns while the song plays and stops where it is on pause
 * (the animation is paused, not removed); with reduced motion it stays still.
 */
export function SpinningDisc({ playing, initial }: { playing: boolean; initial: string }) {
  return (
    <div aria-hidden="true" className="relative h-56 w-56 sm:h-64 sm:w-64">
      <div
        data-disc=""
        data-spinning={playing ? "true" : "false"}
        className="absolute inset-0 rounded-full shadow-2xl ring-8 ring-black/20 motion-safe:animate-spin"
        style={{
          backgroundImage: GROOVES,
          animationDuration: "5s",
          animationPlayState: playing ? "running" : "paused",
        }}
      >
        <div className="absolute inset-0 rounded-full" style={{ backgroundImage: SHINE }} />
        <div className="absolute inset-[31%] grid place-items-center rounded-full bg-gradient-to-br from-yellow-300 via-pink-400 to-violet-500 ring-4 ring-white/30">
          <span className="absolute inset-x-0 top-[10%] text-center font-display text-2xl font-extrabold text-white drop-shadow sm:text-3xl">
            {initial}
          </span>
          <span className="absolute inset-x-0 bottom-[16%] text-center text-[0.5rem] font-extrabold tracking-widest text-white/90">
            LITTLE HITS
          </span>
        </div>
        <div className="absolute inset-[47.5%] rounded-full bg-slate-900 ring-2 ring-white/40" />
      </div>
      <div
        className={playing
          ? "absolute -right-3 -top-2 h-[58%] w-3 origin-top rotate-[24deg] rounded-full bg-gradient-to-b from-slate-100 to-slate-300 shadow-md motion-safe:transition-transform motion-safe:duration-700"
          : "absolute -right-3 -top-2 h-[58%] w-3 origin-top rotate-[6deg] rounded-full bg-gradient-to-b from-slate-100 to-slate-300 shadow-md motion-safe:transition-transform motion-safe:duration-700"}
      >
        <span className="absolute -left-1.5 -top-1.5 h-6 w-6 rounded-full bg-slate-200 ring-4 ring-slate-400/50" />
        <span className="absolute -bottom-1 -left-1 h-5 w-5 rounded-sm bg-slate-700" />
      </div>
    </div>
  );
}
