import { deliveryAddressees } from "../delivery/release.ts";
import { firstName } from "./views.ts";
import type { Order } from "./orders.ts";

/**
 * How the page a delivery email's link opens greets its reader (customer-side §2, Magic link order
 * page). The family hears "Welcome!" or "Welcome back!". A gift's recipient was never here before in
 * the sense that matters: they are being handed a present, so they are told whose song it is and who
 * sent it, even when they already have an account from an earlier gift.
 */
export type OrderLinkGreeting =
  | { kind: "recipient"; childName: string; from: string }
  | { kind: "welcome" }
  | { kind: "welcome-back" };

/**
 * Decided from whom the link was minted for (kv/order_links.ts keeps that address), not from who
 * signs in: the parent's copy of a gift email is the giver's link, and greets them as family.
 */
export function orderLinkGreeting(order: Order, linkEmail: string, firstSignIn: boolean): OrderLinkGreeting {
  const addressee = deliveryAddressees(order).find((each) => sameAddress(each.to, linkEmail));
  if (addressee?.role === "recipient") {
    return { kind: "recipient", childName: firstName(order.childName), from: order.parentName.trim() };
  }
  return { kind: firstSignIn ? "welcome" : "welcome-back" };
}

/** The toast's title for a greeting. */
export function greetingTitle(greeting: OrderLinkGreeting): string {
  switch (greeting.kind) {
    case "recipient":
      return `A song for ${greeting.childName} from ${greeting.from}`;
    case "welcome":
      return "Welcome!";
    case "welcome-back":
      return "Welcome back!";
  }
}

/** Addresses are stored lower-cased; the comparison does not rely on it. */
function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
