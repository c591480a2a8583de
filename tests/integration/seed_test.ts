import { assertEquals } from "@std/assert";
import { countOrders, listOrdersOfEmail } from "../../kv/orders.ts";

Deno.test("deno task seed fills KV with orders through the real order code", async () => {
  const dir = await Deno.makeTempDir();
  const kvPath = `${dir}/seed.kv`;
  try {
    const run = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "tools/seed.ts", "7"],
      env: { KV_PATH: kvPath, APP_ENV: "development" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    assertEquals(run.code, 0, new TextDecoder().decode(run.stderr));
    const kv = await Deno.openKv(kvPath);
    try {
      assertEquals(await countOrders(kv, "all"), 7);
      const orders = await listOrdersOfEmail(kv, "parent@example.com");
      assertEquals(orders.map((order) => order.orderNumber).sort(), [
        1000,
        1001,
        1002,
        1003,
        1004,
        1005,
        1006,
      ]);
    } finally {
      kv.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
