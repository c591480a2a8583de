import { assertStringIncludes } from "@std/assert";
import { SUPPORT_EMAIL } from "../../../domain/site/site.ts";
import { listDevMail } from "../../../kv/dev_mail.ts";
import { createTestApp } from "../../helpers.ts";
import { adminCall, adminHeaders, completedOrder, DELIVERY_ENV } from "./helpers.ts";

/** The FAQ promises "tell us within 7 days": every delivery email says how, with the order number. */
Deno.test("every delivery email says how to tell us within 7 days that something is not right", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const staff = await adminHeaders(t);
  const plain = await completedOrder(t, { childName: "Ava", parentEmail: "ann@example.com" });
  const gift = await completedOrder(t, {
    childName: "Mia",
    parentEmail: "sam@example.com",
    isGift: true,
    giftRecipientName: "Grandma Jo",
    giftRecipientEmail: "jo@example.com",
  });
  for (const order of [plain, gift]) {
    await adminCall(t, staff, order.id, "approve");
    await adminCall(t, staff, order.id, "send-now");
  }
  const mail = await listDevMail(t.kv);
  for (
    const [to, order] of [
      ["ann@example.com", plain],
      ["jo@example.com", gift],
      ["sam@example.com", gift],
    ] as const
  ) {
    const email = mail.find((message) => message.to === to && !/confirmed/i.test(message.subject));
    if (!email) throw new Error(`no delivery email to ${to}`);
    const line = `Something not right with the song? Tell us within 7 days: write to ${SUPPORT_EMAIL} ` +
      `with order #${order.orderNumber}`;
    assertStringIncludes(email.text, line);
    assertStringIncludes(email.html, `order #${order.orderNumber}`);
  }
});
