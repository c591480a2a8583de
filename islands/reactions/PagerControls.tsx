import { ChevronLeftIcon, ChevronRightIcon } from "../../components/icons.tsx";
import { DESKTOP_PER_PAGE, pageCount } from "../../domain/site/carousel.ts";

export interface PagerControlsProps {
  itemCount: number;
  /** The first video shown: it tells both dot rows which dot is current, whatever the layout. */
  firstItem: number;
  canGoBack: boolean;
  canGoForward: boolean;
  onStep: (step: -1 | 1) => void;
  onGoTo: (index: number) => void;
}

const ARROW_CLASS =
  "hidden h-11 w-11 place-items-center rounded-full bg-white text-violet-700 shadow ring-1 ring-violet-200 hover:bg-violet-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-40 md:grid";
const DOT_CLASS =
  "grid h-8 w-8 place-items-center rounded-full focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600";

/**
 * Arrows (desktop only) and dots. The server cannot know the width, so both dot rows are rendered
 * and CSS shows the one for the layout: one dot per page of three on desktop, one per video on mobile.
 */
export function PagerControls({ itemCount, firstItem, ...props }: PagerControlsProps) {
  const pages = pageCount(itemCount, DESKTOP_PER_PAGE);
  const desktopDots = Array.from({ length: pages }, (_, page) => {
    const first = page * DESKTOP_PER_PAGE + 1;
    return { label: `Go to videos ${first}–${Math.min(itemCount, first + DESKTOP_PER_PAGE - 1)}`, page };
  });
  const mobileDots = Array.from(
    { length: itemCount },
    (_, item) => ({ label: `Go to video ${item + 1}`, page: item }),
  );
  const currentPage = Math.floor(firstItem / DESKTOP_PER_PAGE);

  const dots = (list: typeof desktopDots, current: number, className: string) => (
    <div className={className}>
      {list.map(({ label, page }) => (
        <button
          key={page}
          type="button"
          aria-label={label}
          aria-current={page === current ? "true" : undefined}
          onClick={() => props.onGoTo(page)}
          className={DOT_CLASS}
        >
          <span
            className={`block h-2.5 rounded-full ${
              page === current ? "w-6 bg-violet-600" : "w-2.5 bg-violet-300"
            }`}
          />
        </button>
      ))}
    </div>
  );

  return (
    <div className="flex items-center justify-center gap-4">
      <button
        type="button"
        aria-label="Previous videos"
        disabled={!props.canGoBack}
        onClick={() => props.onStep(-1)}
        className={ARROW_CLASS}
      >
        <ChevronLeftIcon className="h-6 w-6" />
      </button>
      {dots(desktopDots, currentPage, "hidden md:flex")}
      {dots(mobileDots, firstItem, "flex md:hidden")}
      <button
        type="button"
        aria-label="Next videos"
        disabled={!props.canGoForward}
        onClick={() => props.onStep(1)}
        className={ARROW_CLASS}
      >
        <ChevronRightIcon className="h-6 w-6" />
      </button>
    </div>
  );
}
