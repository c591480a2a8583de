import { useEffect, useRef } from "react";
import type { PageSelection } from "../bulk/bulk_selection.ts";

/**
 * A bulk action's tick box, 44 px to the touch on the label around it. The page's box shows a
 * mixed state when only some of its rows are ticked.
 */
export function SelectBox(
  { label, checked, onToggle }: { label: string; checked: boolean | PageSelection; onToggle(): void },
) {
  const box = useRef<HTMLInputElement>(null);
  const mixed = checked === "some";
  useEffect(() => {
    if (box.current) box.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <label className="inline-flex h-11 w-11 cursor-pointer items-center justify-center">
      <input
        ref={box}
        type="checkbox"
        aria-label={label}
        checked={checked === true || checked === "all"}
        onChange={onToggle}
        className="h-5 w-5 cursor-pointer rounded border-slate-400 accent-violet-700"
      />
    </label>
  );
}
