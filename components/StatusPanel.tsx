import type { ReactNode } from "react";

/** The circle an icon sits in, where the layout gives it one. */
const BADGE = "rounded-full bg-violet-100 text-violet-600";

/**
 * Where a panel stands. Each keeps the classes its pages had before they shared this component, so the
 * pages look the same (and axe's colour checks see the same colours).
 */
const LAYOUTS = {
  /** Inside a page's frame, the bare icon coloured by the caller: the islands that wait on a link or a payment. */
  inline: {
    tag: "div",
    frame: "grid justify-items-center gap-4 text-center",
    badge: null,
    heading: "h1",
    title: "font-display text-3xl font-extrabold text-slate-900",
  },
  /** A part of a page under its own `h1` (a sign-in link sent, no songs yet), its icon in a small circle. */
  section: {
    tag: "div",
    frame: "grid justify-items-center gap-4 text-center",
    badge: "flex h-16 w-16 items-center justify-center",
    heading: "h2",
    title: "font-display text-2xl font-bold text-slate-900",
  },
  /** The head of a page that goes on below it (order processing), its icon in a small circle. */
  lead: {
    tag: "div",
    frame: "grid justify-items-center gap-4",
    badge: "flex h-16 w-16 items-center justify-center",
    heading: "h1",
    title: "font-display text-3xl font-extrabold text-slate-900 sm:text-4xl",
  },
  /** A white card on its own (a song not ready to unbox). */
  card: {
    tag: "div",
    frame:
      "mx-auto grid max-w-md justify-items-center gap-5 rounded-3xl bg-white px-6 py-10 text-center shadow-lg ring-1 ring-violet-100",
    badge: "grid h-20 w-20 place-items-center",
    heading: "h1",
    title: "font-display text-3xl font-extrabold text-slate-900 sm:text-4xl",
  },
  /** The whole page (not found, errors), its icon in a large circle. */
  page: {
    tag: "section",
    frame: "mx-auto grid max-w-xl justify-items-center gap-6 px-4 py-24 text-center",
    badge: "flex h-24 w-24 items-center justify-center",
    heading: "h1",
    title: "font-display text-4xl font-extrabold text-slate-900",
  },
} as const;

export interface StatusPanelProps {
  /** Sized and coloured by the caller; the layout decides whether it sits in a circle. */
  icon?: ReactNode;
  /** The page's `h1` (a section's `h2`). */
  title: ReactNode;
  /** The message, and the actions that lead on. */
  children?: ReactNode;
  layout?: keyof typeof LAYOUTS;
  /** Read out when it changes (`aria-live="polite"`): a panel that follows a call under way. */
  live?: boolean;
  /** Marks for tests and scripts, e.g. `data-payment-failure`. */
  [data: `data-${string}`]: string | undefined;
}

/** A big icon, a heading, a message and what to do next: the one status panel of the site. */
export function StatusPanel(
  { icon, title, children, layout = "inline", live = false, ...data }: StatusPanelProps,
) {
  const { tag: Tag, frame, badge, heading: Heading, title: titleClass } = LAYOUTS[layout];
  return (
    <Tag className={frame} aria-live={live ? "polite" : undefined} {...data}>
      {icon && badge ? <span className={`${badge} ${BADGE}`}>{icon}</span> : icon}
      <Heading className={titleClass}>{title}</Heading>
      {children}
    </Tag>
  );
}
