import { assertEquals } from "@std/assert";
import { servingMode } from "../../../serve/mod.ts";

Deno.test("servingMode: Deno.serve alone on Deno Deploy, where the platform owns the sockets", () => {
  assertEquals(servingMode({ onDenoDeploy: true }, "handed-off"), "platform");
  assertEquals(servingMode({ onDenoDeploy: true }, "relayed"), "platform");
});

Deno.test("servingMode: elsewhere the guard, handing connections off where the runtime can", () => {
  assertEquals(servingMode({ onDenoDeploy: false }, "handed-off"), "handed-off");
  assertEquals(servingMode({ onDenoDeploy: false }, "relayed"), "relayed");
  // This Deno can: the default self-hosted mode (behind a proxy or not) is the hand-off.
  assertEquals(servingMode({ onDenoDeploy: false }), "handed-off");
});
