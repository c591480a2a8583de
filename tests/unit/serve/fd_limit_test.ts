import { assertEquals } from "@std/assert";
import { connectionCapFor, openFileLimit } from "../../../serve/fd_limit.ts";

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            1024                 20000                files
`;

Deno.test("openFileLimit: the soft limit from /proc, or null where there is none", () => {
  assertEquals(openFileLimit(() => LIMITS), 1024);
  assertEquals(
    openFileLimit(() => {
      throw new Deno.errors.NotFound();
    }),
    null,
  );
});

Deno.test("connectionCapFor: three descriptors a connection, a tenth (at least 128) kept free", () => {
  assertEquals(connectionCapFor(20000), 6000);
  assertEquals(connectionCapFor(1024), 298);
  assertEquals(connectionCapFor(256), 42);
  assertEquals(connectionCapFor(null), 1024);
});
