import { assert, assertEquals } from "@std/assert";
import { listDevMail } from "../../../kv/dev_mail.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { adminCall, adminHeaders, completedOrder, DELIVERY_ENV } from "./helpers.ts";

const HOSTILE_MESSAGE = "<script>alert(1)</script><img src=x onerror=alert(1)>";

/** A gift sent through the dev mailbox, and the token of each of its two emails. */
async function sentGift(t: TestApp, giftMessage = "Happy birthday, little star!") {
  const order = await completedOrder(t, {
    childName: "Mia Rose",
    parentName: "Grandma Sue",
    parentEmail: "sue@example.com",
    isGift: true,
    giftRecipientName: "Jo",
    giftRecipientEmail: "jo@example.com",
    giftMessage,
  });
  const admin = await adminHeaders(t);
  await adminCall(t, admin, order.id, "approve");
  assertEquals((await adminCall(t, admin, order.id, "send-now")).status, 200);
  const tokenSentTo = async (address: string) => {
    const mail = (await listDevMail(t.kv)).find((message) => message.to === address);
    const token = mail?.text.match(/\/u\/[\w-]+\?t=([\w-]+)/)?.[1];
    if (!token) throw new Error(`no order link was emailed to ${address}`);
    return token;
  };
  return {
    order,
    recipientToken: await tokenSentTo("jo@example.com"),
    giverToken: await tokenSentTo("sue@example.com"),
  };
}

const openLink = async (t: TestApp, orderId: string, token: string) => {
  const response = await t.request(`/api/auth/magic-link/${orderId}?t=${token}`);
  assertEquals(response.status, 200);
  return await response.json();
};

Deno.test("the recipient's link names the recipient greeting, on the first visit and every later one", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const { order, recipientToken } = await sentGift(t);
  for (const visit of ["first", "later"]) {
    const answer = await openLink(t, order.id, recipientToken);
    assertEquals(answer.user.username, "jo@example.com");
    assertEquals(answer.firstSignIn, visit === "first");
    assertEquals(
      answer.greeting,
      { kind: "recipient", childName: "Mia", from: "Grandma Sue" },
      `${visit} visit`,
    );
  }
});

Deno.test("the giver's copy link greets the family as before, never as the recipient", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const { order, giverToken } = await sentGift(t);
  const first = await openLink(t, order.id, giverToken);
  assertEquals(first.user.username, "sue@example.com");
  assertEquals(first.greeting, { kind: "welcome" });
  const again = await openLink(t, order.id, giverToken);
  assertEquals(again.greeting, { kind: "welcome-back" });
});

Deno.test("a delivered gift's unboxing page shows the sender and a hostile message as text only", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const { order } = await sentGift(t, HOSTILE_MESSAGE);
  const page = await t.request(`/unboxing/${order.id}`);
  assertEquals(page.status, 200);
  const html = await page.text();
  assert(html.includes("A song for Mia from Grandma Sue"), "the box names who it is from");
  assert(
    html.includes("&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"),
    "the message is escaped text",
  );
  assert(!html.includes("<script>alert(1)"), "no script element from the message");
  assert(!/<img[^>]*onerror/i.test(html), "no image element from the message");
  const view = await (await t.request(`/api/orders/${order.id}`)).json();
  assertEquals(view.gift, { from: "Grandma Sue", message: HOSTILE_MESSAGE });
  assertEquals(JSON.stringify(view).includes("@example.com"), false, "no address in the public view");
});
