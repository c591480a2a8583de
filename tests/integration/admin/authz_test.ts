import { assertEquals } from "@std/assert";
import { createTestApp } from "../../helpers.ts";
import { DELIVERY_ENV, sessionHeaders } from "../delivery/helpers.ts";

/**
 * Every staff call of staff-side §7 (and ours beside them) refuses visitors with 401 and customers
 * with 403 on the server, whatever the page does, and answers JSON with a message. The prompts are
 * also open to demo users (tests/integration/admin/prompts_test.ts).
 */
const ROUTES: [method: string, path: string][] = [
  ["GET", "/api/admin/orders"],
  ["GET", "/api/admin/orders/some-order"],
  ["POST", "/api/admin/orders/some-order/approve"],
  ["POST", "/api/admin/orders/some-order/send-now"],
  ["POST", "/api/admin/orders/some-order/resend-email"],
  ["PATCH", "/api/admin/orders/some-order/update-email"],
  ["POST", "/api/admin/orders/some-order/revoke-links"],
  ["PATCH", "/api/admin/orders/some-order/streaming-status"],
  ["POST", "/api/admin/orders/some-order/regenerate-lyrics"],
  ["POST", "/api/admin/orders/some-order/regenerate"],
  ["POST", "/api/admin/orders/some-order/upload"],
  ["POST", "/api/admin/orders/create"],
  ["POST", "/api/admin/songs/upload-multipart"],
  ["GET", "/api/admin/referral-codes"],
  ["POST", "/api/admin/referral-codes"],
  ["PATCH", "/api/admin/referral-codes/some-code"],
  ["DELETE", "/api/admin/referral-codes/some-code"],
  ["GET", "/api/admin/system-prompt/lyrics"],
  ["POST", "/api/admin/system-prompt/tags"],
  ["GET", "/api/admin/activity"],
];

Deno.test("every admin route: 401 for visitors, 403 for customers, JSON with a message", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const customer = await sessionHeaders(t, "parent@example.com");
  for (const [method, path] of ROUTES) {
    for (const [who, headers, status] of [["visitor", {}, 401], ["customer", customer, 403]] as const) {
      const response = await t.request(path, {
        method,
        headers: { ...headers, "content-type": "application/json" },
        body: method === "GET" || method === "DELETE" ? undefined : "{}",
      });
      assertEquals(response.status, status, `${who} ${method} ${path}`);
      const body = await response.json();
      assertEquals(typeof body.message, "string", `${who} ${method} ${path}`);
    }
  }
});
