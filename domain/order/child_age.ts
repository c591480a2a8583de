/** Customer-side §3: child age choices (newborn, 1 to 12, 13+), apart from the schema for the islands. */
export const CHILD_AGES = [
  "newborn",
  "1",
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "8",
  "9",
  "10",
  "11",
  "12",
  "13+",
] as const;

export type ChildAge = (typeof CHILD_AGES)[number];

/**
 * Customer-side §3: newborns are shown as 'under 1 year'. Any other number of years (the form's 1–12,
 * or a manual order's 1–18) reads 'N years', and '1 year' for one.
 */
export function childAgeLabel(age: string | undefined): string {
  if (!age) return "";
  if (age === "newborn") return "under 1 year";
  if (age === "13+") return "13+ years";
  return age === "1" ? "1 year" : `${age} years`;
}
