import { assert, assertEquals, assertStrictEquals } from "@std/assert";
import {
  ATTRIBUTE_KINDS,
  attributesOf,
  callResult,
  observeCalls,
  rememberCause,
  spanContextOf,
  type TelemetryAttributes,
  telemetryEnabled,
  traceparentOf,
} from "../../../providers/telemetry.ts";

Deno.test("the attribute builder passes only the allowed keys, each with a value of its kind", () => {
  const order = {
    id: "01J0ORDER",
    orderNumber: 1234,
    childName: "Mia Rose",
    parentName: "Sam Parent",
    parentEmail: "sam@example.com",
    lyrics: "Mia, Mia, you light up the sky",
  };
  const input = {
    ...order,
    "order.id": order.id,
    "order.number": order.orderNumber,
    "job.stage": "LYRICS",
    "child.name": order.childName,
    "parent.email": order.parentEmail,
    "email.to": order.parentEmail,
    "exception.message": `The lyrics service said: ${order.lyrics}`,
    // The right key with a value of the wrong kind is dropped too.
    "job.outcome": { text: order.lyrics },
    "http.response.status_code": "200",
  } as unknown as TelemetryAttributes;
  const out = attributesOf(input);
  assertEquals(out, { "order.id": "01J0ORDER", "order.number": 1234, "job.stage": "LYRICS" });
  for (const key of Object.keys(out)) assert(Object.hasOwn(ATTRIBUTE_KINDS, key), key);
  const text = JSON.stringify(out);
  for (const secret of [order.childName, order.parentName, order.parentEmail, order.lyrics]) {
    assert(!text.includes(secret), secret);
  }
});

Deno.test("the allowed keys name ids, stages, outcomes and counts, never a person or a text", () => {
  for (const key of Object.keys(ATTRIBUTE_KINDS)) {
    assert(
      !/child|parent|recipient|giver|user|email\.(to|from)|address|lyrics|message|body|prompt/i.test(key),
      key,
    );
  }
});

Deno.test("an allowed string is cut to a hundred characters, and a number must be finite", () => {
  const out = attributesOf({ "order.id": "x".repeat(500), "order.number": Number.NaN });
  assertEquals(out, { "order.id": "x".repeat(100) });
});

Deno.test("a trace context round-trips through its traceparent, and a malformed one is refused", () => {
  const span = { traceId: "0af7651916cd43dd8448eb211c80319c", spanId: "b7ad6b7169203331", traceFlags: 1 };
  const text = traceparentOf(span);
  assertEquals(text, "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01");
  assertEquals(spanContextOf(text), { ...span, isRemote: true });
  for (
    const bad of [
      null,
      42,
      "",
      "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331",
      `00-${"0".repeat(32)}-b7ad6b7169203331-01`,
    ]
  ) {
    assertEquals(spanContextOf(bad), null);
  }
});

Deno.test("a call's result is grouped by what it means to an operator", () => {
  assertEquals(callResult({ httpStatus: 200, code: 200 }, false), "ok");
  assertEquals(callResult({ httpStatus: 200, code: null }, false), "ok");
  assertEquals(callResult({ httpStatus: 429 }, true), "rate-limited");
  assertEquals(callResult({ httpStatus: 200, code: 430 }, true), "rate-limited");
  assertEquals(callResult({ httpStatus: 200, code: 455 }, true), "refused");
  assertEquals(callResult({ httpStatus: 400 }, true), "refused");
  assertEquals(callResult({ httpStatus: 503 }, true), "server-error");
  assertEquals(callResult({ httpStatus: 0 }, true), "no-answer");
});

Deno.test("with telemetry off, providers are left as they are and no cause is written", async () => {
  assertEquals(telemetryEnabled(), false);
  const provider = { send: () => Promise.resolve({ messageId: "1" }) };
  assertStrictEquals(observeCalls(provider, ["send"], { provider: "smtp" }), provider);
  await using kv = await Deno.openKv(":memory:");
  assert((await rememberCause(kv.atomic(), "order-1", "generation").commit()).ok);
  assertEquals(await Array.fromAsync(kv.list({ prefix: [] })), []);
});
