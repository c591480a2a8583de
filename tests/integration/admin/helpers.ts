import {
  ADMIN_FILTERS,
  type AdminFilter,
  filtersOf,
  hasFilterBit,
} from "../../../domain/admin/order_list.ts";
import type { SearchIndex } from "../../../domain/admin/search.ts";
import type { Order } from "../../../domain/order/orders.ts";
import type { SystemPromptView } from "../../../domain/prompts/form.ts";
import { keys } from "../../../kv/keys.ts";
import { blockOf, countOrders } from "../../../kv/orders.ts";
import { assertEquals } from "@std/assert";
import type { TestApp } from "../../helpers.ts";

export type Headers = Record<string, string>;

const SEARCH_INDEXES: readonly SearchIndex[] = ["word", "email", "domain"];

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
 * What the counters, the filter index and the search index's filter bits should say, recounted the
 * slow way (reading every order and applying filtersOf), next to what they do say: a test compares the
 * two after each change of an order. `searched` counts, per filter, the search entries whose bits put
 * their order in it: what a search's tab counts are made of.
 */
export async function countersAndTruth(kv: Deno.Kv) {
  const truth = {
    counts: {} as Record<string, number>,
    blocks: {} as Record<string, number>,
    listed: 0,
    searched: {} as Record<string, number>,
  };
  const filtersByNumber = new Map<number, AdminFilter[]>();
  for (const filter of ADMIN_FILTERS) truth.counts[filter] = truth.searched[filter] = 0;
  for await (const { value: order } of kv.list<Order>({ prefix: ["orders"] })) {
    const filters = filtersOf(order);
    filtersByNumber.set(order.orderNumber, filters);
    for (const filter of filters) {
      truth.counts[filter]++;
      const block = `${filter}:${blockOf(order.orderNumber)}`;
      truth.blocks[block] = (truth.blocks[block] ?? 0) + 1;
      truth.listed++;
    }
  }
  const stored = {
    counts: {} as Record<string, number>,
    blocks: {} as Record<string, number>,
    listed: 0,
    searched: {} as Record<string, number>,
  };
  for (const filter of ADMIN_FILTERS) stored.counts[filter] = await countOrders(kv, filter);
  for (const filter of ADMIN_FILTERS) {
    for await (const entry of kv.list<Deno.KvU64>({ prefix: keys.orderBlockCounts(filter) })) {
      const count = Number(entry.value.value);
      if (count) stored.blocks[`${filter}:${String(entry.key[2])}`] = count;
    }
    for await (const _ of kv.list({ prefix: keys.ordersByFilter(filter as AdminFilter) })) stored.listed++;
  }
  for (const filter of ADMIN_FILTERS) stored.searched[filter] = 0;
  for (const index of SEARCH_INDEXES) {
    for await (const entry of kv.list<number>({ prefix: keys.orderSearchIndex(index) })) {
      // An entry left behind by a deleted order counts under every filter, so it cannot go unseen.
      const filters = filtersByNumber.get(entry.key[3] as number) ?? [];
      for (const filter of ADMIN_FILTERS) {
        if (filters.includes(filter)) truth.searched[filter]++;
        if (!filters.length || hasFilterBit(entry.value, filter)) stored.searched[filter]++;
      }
    }
  }
  return { stored, truth };
}
