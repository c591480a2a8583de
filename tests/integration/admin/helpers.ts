import { ADMIN_FILTERS, type AdminFilter, filtersOf } from "../../../domain/admin_orders.ts";
import type { Order } from "../../../domain/orders.ts";
import type { SystemPromptView } from "../../../domain/prompt_form.ts";
import { keys } from "../../../kv/keys.ts";
import { blockOf, countOrders } from "../../../kv/orders.ts";
import { assertEquals } from "@std/assert";
import type { TestApp } from "../../helpers.ts";

export type Headers = Record<string, string>;

/** A call to `/api/admin{path}` with a JSON body when given, answered as status and JSON. */
export async function adminApi(t: TestApp, method: string, path: string, headers: Headers, body?: unknown) {
  const response = await t.request(`/api/admin${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** Saves a system prompt as `headers`' user, which must succeed. */
export async function savePrompt(t: TestApp, headers: Headers, kind: string, prompt: string) {
  const answer = await adminApi(t, "POST", `/system-prompt/${kind}`, headers, { prompt });
  assertEquals(answer.status, 200, answer.body.message);
  return answer.body as SystemPromptView & { message: string };
}

/**
 * What the counters and the filter index should say, recounted the slow way (reading every order),
 * next to what they do say: a test compares the two after each change of an order.
 */
export async function countersAndTruth(kv: Deno.Kv) {
  const truth = { counts: {} as Record<string, number>, blocks: {} as Record<string, number>, listed: 0 };
  for (const filter of ADMIN_FILTERS) truth.counts[filter] = 0;
  for await (const { value: order } of kv.list<Order>({ prefix: ["orders"] })) {
    for (const filter of filtersOf(order)) {
      truth.counts[filter]++;
      const block = `${filter}:${blockOf(order.orderNumber)}`;
      truth.blocks[block] = (truth.blocks[block] ?? 0) + 1;
      truth.listed++;
    }
  }
  const stored = { counts: {} as Record<string, number>, blocks: {} as Record<string, number>, listed: 0 };
  for (const filter of ADMIN_FILTERS) stored.counts[filter] = await countOrders(kv, filter);
  for (const filter of ADMIN_FILTERS) {
    for await (const entry of kv.list<Deno.KvU64>({ prefix: keys.orderBlockCounts(filter) })) {
      const count = Number(entry.value.value);
      if (count) stored.blocks[`${filter}:${String(entry.key[2])}`] = count;
    }
    for await (const _ of kv.list({ prefix: keys.ordersByFilter(filter as AdminFilter) })) stored.listed++;
  }
  return { stored, truth };
}
