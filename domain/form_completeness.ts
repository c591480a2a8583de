/**
 * Customer-side §3, analytics: form completeness is the share of these 13 fields that are filled.
 * Zod-free: the order form computes it in the browser for its analytics events.
 */
export const TRACKED_FORM_FIELDS = [
  "childName",
  "childAge",
  "childGender",
  "favoriteColor",
  "bestFriend",
  "favoriteActivity",
  "petName",
  "favoriteToy",
  "favoritePlace",
  "specialTalent",
  "childFriends",
  "parentName",
  "parentEmail",
] as const;

export function formCompleteness(values: Partial<Record<string, unknown>>): number {
  const filled = TRACKED_FORM_FIELDS.filter((field) => {
    const value = values[field];
    return typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null;
  });
  return Math.round((filled.length / TRACKED_FORM_FIELDS.length) * 100);
}
