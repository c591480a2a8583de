import { assert, assertEquals } from "@std/assert";
import { startPostHogFake } from "../../../fakes/posthog.ts";
import { updateOrder } from "../../../kv/orders.ts";
import { jsonBody, type TestApp } from "../../helpers.ts";
import { adminCall, adminHeaders, DELIVERY_ENV } from "../delivery/helpers.ts";
import { orderForm, payLocally, startCheckout } from "../orders/helpers.ts";
import { appWithPostHog } from "./helpers.ts";

/** A guest checkout (the page claims it costs 1 cent), paid on the local checkout. */
async function paidOrder(t: TestApp, headers: Record<string, string> = {}) {
  const started = await startCheckout(
    t,
    orderForm({ addStreamingServices: true, streamingArtistName: "Mia" }),
    headers,
  );
  assertEquals(started.status, 200);
  await payLocally(t, started.body.sessionId);
  const answer = await t.request("/api/guest/orders", jsonBody({ sessionId: started.body.sessionId }));
  assertEquals(answer.status, 200);
  return { ...await answer.json(), sessionId: started.body.sessionId as string };
}

/** The song made (as the pipeline leaves it), approved and sent by staff. */
async function deliver(t: TestApp, orderId: string) {
  await updateOrder(t.kv, orderId, (order) => ({
    ...order,
    status: "completed",
    currentStage: null,
    nextPollAt: null,
    songTitle: "Mia's Song",
    songUrl: `${t.config.appUrl}/api/media/song.mp3`,
    completedAt: new Date(t.clock.now()).toISOString(),
  }));
  const admin = await adminHeaders(t);
  assertEquals((await adminCall(t, admin, orderId, "approve")).status, 200);
  assertEquals((await adminCall(t, admin, orderId, "send-now")).status, 200);
  return admin;
}

Deno.test("a paid order's Payment Success and Order Completed carry the server's price in USD, once, whatever a page claims", async () => {
  await using posthog = startPostHogFake();
  await using t = await appWithPostHog(posthog, { env: DELIVERY_ENV });

  // A page tries to report revenue of its own, before and after paying.
  const claimed = await t.request(
    "/api/events",
    jsonBody({
      events: [
        { event: "Payment Success", properties: { revenue: 1, currency: "USD" } },
        { event: "Order Completed", properties: { revenue: 1 } },
        { event: "Song Played", properties: { revenue: 9999, currency: "EUR", trigger: "button" } },
      ],
    }),
  );
  assertEquals(claimed.status, 204);
  const order = await paidOrder(t);
  assertEquals(order.totalPrice, 3499, "the server priced it: song and streaming");
  const admin = await deliver(t, order.id);
  // A resend is not another completion, and fulfilling the session again is not another payment.
  assertEquals((await adminCall(t, admin, order.id, "resend-email")).status, 200);
  await (await t.request("/api/guest/orders", jsonBody({ sessionId: order.sessionId }))).body?.cancel();
  await t.sink.flush();

  const events = posthog.events();
  const named = (name: string) => events.filter((event) => event.event === name);
  assertEquals(named("Payment Success").length, 1);
  assertEquals(named("Order Completed").length, 1);
  for (const event of [...named("Payment Success"), ...named("Order Completed")]) {
    assertEquals(event.properties.revenue, 34.99);
    assertEquals(event.properties.currency, "USD");
    assertEquals(event.properties.distinct_id, `order:${order.id}`);
    assertEquals(event.properties.$process_person_profile, false);
  }
  const played = named("Song Played");
  assertEquals(played.length, 1);
  assertEquals(played[0].properties.trigger, "button");
  assert(!("revenue" in played[0].properties) && played[0].properties.currency === undefined);
  const sent = posthog.requests.map((request) => request.text).join("\n");
  assert(!sent.includes("sam@example.com") && !sent.includes("Mia Rose"), "no address or name left");
});

Deno.test("a family whose browser sent GPC at checkout is not reported later, not even by the webhook or the delivery", async () => {
  await using posthog = startPostHogFake();
  await using t = await appWithPostHog(posthog, { env: DELIVERY_ENV });
  const order = await paidOrder(t, { "Sec-GPC": "1" });
  await deliver(t, order.id);
  await t.sink.flush();
  assertEquals(posthog.events().map((event) => event.event), []);
});

Deno.test("staff's own DNT does not decide for the family: Send Now still completes their order", async () => {
  await using posthog = startPostHogFake();
  await using t = await appWithPostHog(posthog, { env: DELIVERY_ENV });
  const order = await paidOrder(t);
  await updateOrder(t.kv, order.id, (stored) => ({
    ...stored,
    status: "completed",
    currentStage: null,
    nextPollAt: null,
    songUrl: `${t.config.appUrl}/api/media/song.mp3`,
  }));
  const admin = { ...await adminHeaders(t), DNT: "1" };
  assertEquals((await adminCall(t, admin, order.id, "approve")).status, 200);
  assertEquals((await adminCall(t, admin, order.id, "send-now")).status, 200);
  await t.sink.flush();
  assertEquals(posthog.events().map((event) => event.event), [
    "Payment Initiated",
    "Payment Success",
    "Order Completed",
  ]);
});

Deno.test("a demo order is a test: it is never reported", async () => {
  await using posthog = startPostHogFake();
  await using t = await appWithPostHog(posthog, {
    env: { ...DELIVERY_ENV, DEMO_EMAILS: "demo@example.com" },
  });
  const { completedOrder } = await import("../delivery/helpers.ts");
  const order = await completedOrder(t);
  const admin = await adminHeaders(t);
  assertEquals((await adminCall(t, admin, order.id, "approve")).status, 200);
  assertEquals((await adminCall(t, admin, order.id, "send-now")).status, 200);
  await t.sink.flush();
  assertEquals(posthog.events(), []);
});
