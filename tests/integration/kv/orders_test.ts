import { assert, assertEquals } from "@std/assert";
import type { Order } from "../../../domain/order/orders.ts";
import { owedEmailClaimed, owedEmailDueNow } from "../../../domain/email/owed.ts";
import { writeOrder } from "../../../kv/orders.ts";
import { sampleOrder } from "../../../tools/sample_orders.ts";

const NOW = Date.parse("2026-11-27T12:00:00Z");

/** An atomic operation that counts the sets and deletes it is given, and passes them on to KV. */
function counting(operation: Deno.AtomicOperation) {
  const calls = { set: 0, delete: 0 };
  const counted: Deno.AtomicOperation = new Proxy(operation, {
    get(target, name) {
      const member = Reflect.get(target, name, target);
      if (typeof member !== "function") return member;
      return (...args: unknown[]) => {
        if (name === "set" || name === "delete") calls[name]++;
        const result = member.apply(target, args);
        return result === target ? counted : result;
      };
    },
  });
  return { operation: counted, calls };
}

/** Everything the store holds, without versionstamps: what a reader of any index or counter would find. */
async function contents(kv: Deno.Kv) {
  const all: [string, unknown][] = [];
  for await (const entry of kv.list({ prefix: [] })) {
    // A counter the order left reads 0, which its readers take as none.
    if (entry.value instanceof Deno.KvU64 && entry.value.value === 0n) continue;
    all.push([JSON.stringify(entry.key), entry.value]);
  }
  return all;
}

/** An order that owes its confirmation, as a paid order is created, and the same order once it is claimed. */
function claimedConfirmation(): { placed: Order; claimed: Order } {
  const placed = { ...sampleOrder(3, 1003, NOW), confirmationEmail: owedEmailDueNow(NOW) };
  const claimed = {
    ...placed,
    confirmationEmail: owedEmailClaimed(placed.confirmationEmail, "<m@littlehits.studio>", NOW, NOW + 60_000),
  };
  return { placed, claimed };
}

Deno.test("writeOrder: a change writes the order and the index entries it changes, not the ones it keeps", async () => {
  await using kv = await Deno.openKv(":memory:");
  const { placed, claimed } = claimedConfirmation();
  const created = counting(kv.atomic());
  assert((await writeOrder(created.operation, null, placed).commit()).ok);
  assert(created.calls.set > 20, `a new order writes all its entries (${created.calls.set})`);

  const changed = counting(kv.atomic());
  assert((await writeOrder(changed.operation, placed, claimed).commit()).ok);
  // The order itself, and its confirmation's entry in the due-time index moving to the lease's end.
  assertEquals(changed.calls, { set: 2, delete: 1 });
});

Deno.test("writeOrder: a change leaves the store as writing the changed order afresh would", async () => {
  const { placed, claimed } = claimedConfirmation();
  const moved = { ...claimed, isGift: !claimed.isGift, status: "failed" as const };
  await using changedStore = await Deno.openKv(":memory:");
  await writeOrder(changedStore.atomic(), null, placed).commit();
  await writeOrder(changedStore.atomic(), placed, claimed).commit();
  await writeOrder(changedStore.atomic(), claimed, moved).commit();
  await using freshStore = await Deno.openKv(":memory:");
  await writeOrder(freshStore.atomic(), null, moved).commit();
  assertEquals(await contents(changedStore), await contents(freshStore));
});
