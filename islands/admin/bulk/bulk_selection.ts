/**
 * The rows staff ticked for a bulk action, as a set of order ids. Pure, so the header's
 * "all on this page" box and the list's changes are unit-tested without a browser.
 */
export type PageSelection = "none" | "some" | "all";

/** How much of the page is ticked: the header box is checked, mixed or clear. */
export function pageSelection(selected: ReadonlySet<string>, pageIds: readonly string[]): PageSelection {
  const ticked = pageIds.filter((id) => selected.has(id)).length;
  if (ticked === 0) return "none";
  return ticked === pageIds.length ? "all" : "some";
}

export function toggled(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The header box: a page all ticked is cleared, any other is ticked whole. */
export function pageToggled(selected: ReadonlySet<string>, pageIds: readonly string[]): Set<string> {
  const next = new Set(selected);
  const clear = pageSelection(selected, pageIds) === "all";
  for (const id of pageIds) {
    if (clear) next.delete(id);
    else next.add(id);
  }
  return next;
}

/** Only what the page still shows stays ticked: an action is never run on a row staff cannot see. */
export function keptOnPage(selected: ReadonlySet<string>, pageIds: readonly string[]): Set<string> {
  const shown = new Set(pageIds);
  return new Set([...selected].filter((id) => shown.has(id)));
}
