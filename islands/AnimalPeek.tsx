/**
 * A decorative animal that peeks in from the left or right edge of the hero every 12 seconds, at a
 * random height within what is on screen. This is the layer it moves in: hidden from screen readers,
 * never in the way of a pointer, and clipped, so its transforms shift nothing and scroll nothing
 * sideways. The animal itself comes and goes in AnimalPeek.client.ts, without React.
 */
export default function AnimalPeek() {
  return (
    <div
      data-animal-layer
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 z-10 overflow-hidden"
    />
  );
}
