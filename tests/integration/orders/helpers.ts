import type { OrderFormInput } from "../../../domain/order/orders.ts";
import { jsonBody, type TestApp } from "../../helpers.ts";

/** A filled-in order form as a parent would send it. */
export function orderForm(overrides: Partial<OrderFormInput> = {}): OrderFormInput {
  return {
    childName: "Mia Rose",
    childAge: "5",
    favoriteColor: "purple",
    bestFriend: "Leo",
    parentName: "Sam Parent",
    parentEmail: "sam@example.com",
    songGenre: "pop",
    singerGender: "female",
    songStyle: "happy",
    ...overrides,
  };
}

/** Starts a guest checkout the way the order page does; answers the JSON and the status. */
export async function startCheckout(t: TestApp, order: Partial<OrderFormInput>, headers: HeadersInit = {}) {
  const path = new Headers(headers).has("authorization")
    ? "/api/create-checkout-session"
    : "/api/guest/create-checkout-session";
  const response = await t.request(
    path,
    jsonBody({ priceInCents: 1, description: "tampered", includeStreaming: false, order }, { headers }),
  );
  return { status: response.status, body: await response.json() };
}

/** Pays a local checkout session as the customer's Pay button does; answers where it redirects. */
export async function payLocally(t: TestApp, sessionId: string) {
  const response = await t.request(`/checkout/local/${sessionId}/pay`, { method: "POST" });
  await response.body?.cancel();
  return response.headers.get("location");
}
