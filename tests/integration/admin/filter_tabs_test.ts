/**
 * Issue 23: the In Progress and Failed tabs. Orders go through the real pipeline (the real adapters
 * against the OpenAI and music API fakes, so a song can be held, failed or finished at will) and the
 * real commands; after every move the counters, block counters, filter index and search bits equal a
 * recount of the orders, for every tab, and the API's counts and pages say the same.
 */
import { assertEquals } from "@std/assert";
import {
  ADMIN_FILTERS,
  type AdminFilter,
  type AdminOrderList,
  filtersOf,
} from "../../../domain/admin/order_list.ts";
import { defaultSortOf } from "../../../domain/admin/list_query.ts";
import type { Order } from "../../../domain/order/orders.ts";
import { deleteOrder } from "../../../kv/order_removal.ts";
import { startOpenAiFake } from "../../../fakes/openai.ts";
import { startSunoFake } from "../../../fakes/suno.ts";
import { createSunoStudio } from "../../../providers/music/suno.ts";
import { createOpenAiLyricist } from "../../../providers/words/openai.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { ADMIN_EMAIL, adminCall, adminHeaders } from "../delivery/helpers.ts";
import { clockWorker, placeOrder, stepUntil } from "../jobs/helpers.ts";
import { countersAndTruth, type Headers } from "./helpers.ts";

/** The app with the pipeline against the fakes; a song is made only when the test says so. */
async function studio() {
  const openai = startOpenAiFake({ apiKey: "sk-test-key-123" });
  const suno = startSunoFake({ apiKey: "suno-test-key", stepsToFinish: 1_000_000 });
  const t = await createTestApp({
    env: { ADMIN_EMAILS: ADMIN_EMAIL },
    providers: {
      words: createOpenAiLyricist({
        apiKey: "sk-test-key-123",
        baseUrl: openai.baseUrl,
        model: "gpt-test",
        api: "chat-completions",
      }),
      music: createSunoStudio({
        apiKey: "suno-test-key",
        apiUrl: suno.baseUrl,
        model: "V4_5",
        rateLimit: { requests: 1000, windowMs: 1000 },
      }),
    },
  });
  // The worker on the test's clock: the pipeline moves only as the test steps it.
  const worker = clockWorker(t);
  return {
    t,
    suno,
    /** Steps the worker until the order is `done` (settled unless told). */
    step: (id: string, done?: (order: Order) => boolean) => stepUntil(t, worker, id, done),
    async [Symbol.asyncDispose]() {
      await worker[Symbol.asyncDispose]();
      await t[Symbol.asyncDispose]();
      await suno[Symbol.asyncDispose]();
      await openai[Symbol.asyncDispose]();
    },
  };
}

type Studio = Awaited<ReturnType<typeof studio>>;

async function list(t: TestApp, admin: Headers, query = "") {
  const response = await t.request(`/api/admin/orders${query}`, { headers: admin });
  assertEquals(response.status, 200);
  return await response.json() as AdminOrderList;
}

/** Generating, and waiting on the music service for a song task other than `not`. */
const waitingOnSong = (s: Studio, order: Order, not?: string | null) =>
  s.step(
    order.id,
    (current) => current.status === "generating" && !!current.songTaskId && current.songTaskId !== not,
  );

Deno.test("In Progress and Failed: counters, pages and search bits equal a recount as orders are placed, fail, restart, complete, are approved, sent, made again and deleted", async () => {
  await using s = await studio();
  const { t, suno } = s;

  /** Compares every tab with its recount; `expected` pins the counts the step should have made. */
  const check = async (step: string, expected: Partial<Record<AdminFilter, number>>) => {
    const { stored, truth } = await countersAndTruth(t.kv);
    assertEquals(stored, truth, step);
    assertEquals(
      Object.fromEntries(Object.keys(expected).map((filter) => [filter, truth.counts[filter]])),
      expected,
      step,
    );
    const orders: Order[] = [];
    for await (const { value } of t.kv.list<Order>({ prefix: ["orders"] })) orders.push(value);
    const shown = await list(t, admin);
    assertEquals(shown.counts, truth.counts, `${step}: the API's counts`);
    const searched = await list(t, admin, "?q=example.com");
    assertEquals(searched.counts, truth.counts, `${step}: a search's counts, from the search bits`);
    for (const filter of ADMIN_FILTERS.filter((f) => f !== "dated")) {
      // Each tab in its own first order: Review oldest first (closest to the promise), the rest newest.
      const direction = defaultSortOf(filter) === "oldest" ? 1 : -1;
      const recounted = orders.filter((order) => filtersOf(order).includes(filter))
        .map((order) => order.orderNumber).sort((a, b) => direction * (a - b));
      const page = await list(t, admin, `?filter=${filter}`);
      assertEquals(page.orders.map((order) => order.orderNumber), recounted, `${step}: the ${filter} tab`);
    }
  };

  const placed: Order[] = [];
  for (const name of ["Ada", "Bo", "Cy", "Di", "Ed"]) {
    placed.push(await placeOrder(t, { childName: name, parentEmail: `${name.toLowerCase()}@example.com` }));
  }
  const waiting = await Promise.all(placed.map((order) => waitingOnSong(s, order)));
  const [ada, bo, cy, di, ed] = waiting;
  // Signed in at the clock's time now (placeOrder stamps the real one, and stepping follows it).
  const admin = await adminHeaders(t);
  await check("placed, each waiting on its song", { all: 5, "in-progress": 5, failed: 0 });

  // The music service refuses two songs: they fail.
  for (const order of [ada, bo]) suno.fail(order.songTaskId!, "SENSITIVE_WORD_ERROR");
  for (const order of [ada, bo]) {
    assertEquals((await s.step(order.id)).status, "failed");
  }
  await check("two failed", { "in-progress": 3, failed: 2 });

  // Staff restart one from the stage that failed.
  const restart = await t.request(`/api/admin/orders/${ada.id}/regenerate`, {
    method: "POST",
    headers: admin,
  });
  assertEquals(restart.status, 200);
  const restarted = await waitingOnSong(s, ada, ada.songTaskId);
  await check("one restarted", { "in-progress": 4, failed: 1 });

  // Two songs are made: they wait for review.
  for (const order of [restarted, cy]) suno.finish((await waitingOnSong(s, order)).songTaskId!);
  for (const order of [restarted, cy]) {
    assertEquals((await s.step(order.id)).status, "completed");
  }
  await check("two made", { "in-progress": 2, review: 2, failed: 1 });

  // One is approved, then sent.
  assertEquals((await adminCall(t, admin, ada.id, "approve")).status, 200);
  await check("approved", { review: 1, approved: 1 });
  assertEquals((await adminCall(t, admin, ada.id, "send-now")).status, 200);
  await s.step(ada.id, (order) => !!order.emailSentAt);
  await check("sent", { approved: 0, sent: 1, "in-progress": 2 });

  // The other is made again: back in the pipeline.
  const remake = await t.request(`/api/admin/orders/${cy.id}/regenerate`, { method: "POST", headers: admin });
  assertEquals(remake.status, 200);
  await waitingOnSong(s, cy, cy.songTaskId);
  await check("made again", { review: 0, "in-progress": 3, failed: 1 });

  // A failed order and one being made are deleted.
  await deleteOrder(t.kv, t.deps.blobs, bo.id);
  await deleteOrder(t.kv, t.deps.blobs, di.id);
  await check("two deleted", { all: 3, "in-progress": 2, failed: 0, sent: 1 });
  assertEquals(
    (await list(t, admin, "?filter=in-progress")).orders.map((o) => o.id).sort(),
    [cy.id, ed.id].sort(),
  );
});
