import type { Signal } from "@preact/signals-react";

/** A button that shows and hides the part named `controls`, saying to a screen reader which it is now. */
export function disclosure(open: Signal<boolean>, controls: string) {
  return {
    type: "button" as const,
    "aria-expanded": open.value,
    "aria-controls": controls,
    onClick: () => (open.value = !open.value),
  };
}
