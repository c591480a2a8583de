/** How the dashboard counts and names a few orders in one sentence. */

/** "1 order", "3 orders". */
export const ordersCount = (count: number) => `${count} order${count === 1 ? "" : "s"}`;

/** "#1002", "#1002 and #1005", "#1002, #1005 and #1007"; an order that no longer exists is "an unknown order". */
export function orderNumbers(numbers: readonly (number | null)[]): string {
  const named = numbers.map((number) => number === null ? "an unknown order" : `#${number}`);
  return named.length <= 1 ? named.join("") : `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
}
