/**
 * `deno task seed [count]`: fills the configured KV (KV_PATH) with demo data: a customer, an
 * admin and a demo user, and `count` orders with varied children, genres, add-ons and gifts.
 * Orders are made through the same code as real ones (numbers, indexes, counters). Every order
 * starts generating; completed, failed and delivered states join with the generation and delivery
 * issues.
 */
import { parseConfig } from "../domain/config.ts";
import { StartupError } from "../domain/errors.ts";
import { toLocalInput } from "../domain/delivery/requested.ts";
import { orderFormSchema, SINGER_GENDERS, SONG_GENRES, SONG_STYLES } from "../domain/order/orders.ts";
import { createDemoOrder } from "../orders/demo_order.ts";
import { createJobQueue } from "../jobs/messages.ts";
import { openKv } from "../kv/open.ts";
import { upsertUserOnSignIn } from "../kv/users.ts";

const DEFAULT_COUNT = 36;
const CHILDREN = ["Mia", "Leo", "Ava", "Noah", "Zoe", "Eli", "Luna", "Max", "Ivy", "Sam", "Nora", "Theo"];
const COLORS = ["purple", "green", "sunny yellow", "ocean blue", "pink", "red"];

const raw = Deno.args[0] ?? String(DEFAULT_COUNT);
const count = Number(raw);
if (!Number.isInteger(count) || count < 0) {
  console.error(`Usage: deno task seed [count]  (count must be a whole number, got "${raw}")`);
  Deno.exit(2);
}

const DAY_MS = 24 * 60 * 60 * 1000;

try {
  const config = parseConfig(Deno.env.toObject());
  const kv = await openKv(config.kvPath);
  const now = Date.now();
  // Seeded orders start generating like real ones; the app's worker picks them up when it runs.
  const jobs = createJobQueue(config.jobs.queue);
  const { user } = await upsertUserOnSignIn(kv, "parent@example.com", config, now);
  for (const email of [...config.adminEmails, ...config.demoEmails]) {
    await upsertUserOnSignIn(kv, email, config, now);
  }
  for (let i = 0; i < count; i++) {
    const child = CHILDREN[i % CHILDREN.length];
    const form = orderFormSchema.parse({
      childName: child,
      childAge: String((i % 12) + 1),
      favoriteColor: COLORS[i % COLORS.length],
      bestFriend: CHILDREN[(i + 3) % CHILDREN.length],
      songGenre: SONG_GENRES[i % SONG_GENRES.length],
      singerGender: SINGER_GENDERS[i % SINGER_GENDERS.length],
      songStyle: SONG_STYLES[i % SONG_STYLES.length],
      parentName: "Pat Parent",
      parentEmail: "parent@example.com",
      addStreamingServices: i % 4 === 0,
      streamingArtistName: i % 4 === 0 ? `${child} Stars` : "",
      isGift: i % 5 === 0,
      giftRecipientName: i % 5 === 0 ? "Grandma Jo" : "",
      giftRecipientEmail: i % 5 === 0 ? "grandma@example.com" : "",
      giftMessage: i % 5 === 0 ? `A song for ${child}, with love.` : "",
      // Every gift is for a morning a few days on, so the dashboard's "For a date" tab has some.
      ...(i % 5 === 0 && {
        deliveryAt: toLocalInput(now + (3 + (i % 7)) * DAY_MS, "Europe/London").slice(0, 11) + "08:00",
        deliveryTimeZone: "Europe/London",
      }),
    });
    await createDemoOrder({ kv, jobs, clock: { now: () => now - (count - i) * 60_000 } }, form, user.id);
  }
  kv.close();
  console.log(`Seeded ${count} orders for parent@example.com into ${config.kvPath}.`);
} catch (error) {
  if (!(error instanceof StartupError)) throw error;
  console.error(`Cannot seed: ${error.message}`);
  Deno.exit(1);
}
