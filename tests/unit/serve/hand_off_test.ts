import { assert, assertEquals } from "@std/assert";
import { handOffHook } from "../../../serve/hand_off.ts";

Deno.test("handOffHook: this Deno hands an accepted connection to its HTTP server", () => {
  // Deno 2.9.6, as pinned (README); a runtime that drops it makes the guard relay instead.
  assert(handOffHook() !== null);
});

Deno.test("handOffHook: null where the runtime has no such internal", () => {
  const internal = Symbol("Deno.internal");
  assertEquals(handOffHook({}), null);
  assertEquals(handOffHook({ internal }), null);
  assertEquals(handOffHook({ internal, [internal]: {} }), null);
  assertEquals(handOffHook({ internal, [internal]: { serveHttpOnConnection: "no" } }), null);
  // Another shape of the same name is not trusted with the server's connections.
  assertEquals(
    handOffHook({ internal, [internal]: { serveHttpOnConnection: (_conn: unknown) => {} } }),
    null,
  );
  const hook = (
    _conn: unknown,
    _signal: unknown,
    _handler: unknown,
    _onError: unknown,
    _onListen: unknown,
  ) => {};
  assertEquals(handOffHook({ internal, [internal]: { serveHttpOnConnection: hook } }), hook);
});
