/**
 * Orders in every state the dashboard shows (generating, failed, in review, approved, sent), written
 * straight into KV through `writeOrder`, so their indexes and counters are the real ones. For the
 * admin benchmark (100,000 orders), the list tests and the seed task; never used by the app itself.
 */
import {
  type Order,
  orderFormSchema,
  SINGER_GENDERS,
  SONG_GENRES,
  SONG_STYLES,
} from "../domain/order/orders.ts";
import { STREAMING_STATUSES } from "../domain/song/streaming_status.ts";
import { FIRST_ORDER_NUMBER, MUTATIONS_PER_BATCH, newOrderMutations, writeOrder } from "../kv/orders.ts";
import { keys } from "../kv/keys.ts";

const CHILDREN = [
  "Mia",
  "Leo",
  "Ava",
  "Noah",
  "Zoë",
  "Eli",
  "Luna",
  "Max",
  "Ivy",
  "Sam",
  "Nora",
  "Theo",
  "Aria",
];
const SURNAMES = ["Smith", "García", "Okafor", "Nguyen", "Müller", "Rossi", "Kowalski", "Haddad", "Tanaka"];
const PARENTS = ["Anna", "Ben", "Carla", "David", "Emma", "Farid", "Grace", "Hugo", "Ines", "Jonas", "Kemi"];

/** Referral codes a tenth of the sample orders used. */
export const SAMPLE_CODES = ["FRIEND10", "GRANDMA", "NURSERY"];

type SampleState = "generating" | "failed" | "review" | "approved" | "sent";

/** Roughly a live shop: most orders delivered, some waiting for staff, a few in the pipeline or failed. */
export function sampleStateOf(i: number): SampleState {
  const slot = i % 20;
  if (slot < 2) return "generating";
  if (slot < 3) return "failed";
  if (slot < 7) return "review";
  if (slot < 10) return "approved";
  return "sent";
}

/** The i-th sample order (deterministic), numbered `orderNumber`, created `now - age`. */
export function sampleOrder(i: number, orderNumber: number, now: number): Order {
  const child = CHILDREN[i % CHILDREN.length];
  const surname = SURNAMES[Math.floor(i / CHILDREN.length) % SURNAMES.length];
  const parent = PARENTS[(i * 7) % PARENTS.length];
  const email = `${parent.toLowerCase()}.${i}@example.com`;
  const form = orderFormSchema.parse({
    childName: `${child} ${surname}`,
    parentName: `${parent} ${surname}`,
    parentEmail: email,
    childAge: String(1 + (i % 12)),
    favoriteColor: "purple",
    songGenre: SONG_GENRES[i % SONG_GENRES.length],
    singerGender: SINGER_GENDERS[i % SINGER_GENDERS.length],
    songStyle: SONG_STYLES[i % SONG_STYLES.length],
    addStreamingServices: i % 9 === 0,
    streamingArtistName: i % 9 === 0 ? `${child} Stars` : "",
    isGift: i % 6 === 1,
    giftRecipientName: i % 6 === 1 ? `${PARENTS[(i * 5) % PARENTS.length]} ${surname}` : "",
  });
  const created = new Date(now - (100_000 - i) * 60_000).toISOString();
  const base: Order = {
    ...form,
    id: `sample-${String(i).padStart(7, "0")}-${crypto.randomUUID().slice(0, 8)}`,
    orderNumber,
    userId: null,
    status: "generating",
    basePrice: 2499,
    streamingPrice: form.addStreamingServices ? 1000 : 0,
    discountAmount: 0,
    totalPrice: 2499 + (form.addStreamingServices ? 1000 : 0),
    promoCode: null,
    referralCodeUsed: i % 10 === 3 ? SAMPLE_CODES[i % SAMPLE_CODES.length] : null,
    customerReferralCode: null,
    payment: { kind: "demo" },
    currentStage: "LYRICS",
    generationStartedAt: created,
    approvalStatus: "pending",
    retryCount: 0,
    regenerationCount: 0,
    lyricsRegenerationCount: 0,
    createdAt: created,
    updatedAt: created,
  };
  const song = {
    currentStage: null,
    songTitle: `${child}'s Song`,
    songLyrics: `[Verse 1]\n${child}, ${child}, shining bright\n[Chorus]\nLa la ${child}`,
    songUrl: `http://localhost:8000/audio/sample-${i}.mp3`,
    completedAt: created,
  };
  switch (sampleStateOf(i)) {
    case "generating":
      return base;
    case "failed":
      return {
        ...base,
        status: "failed",
        currentStage: "SUNO_CREATE",
        failureType: "suno",
        error: "Song Creation failed: the music service answered with Service Unavailable (503).",
        lastErrorCode: 503,
      };
    case "review":
      return { ...base, ...song, status: "completed" };
    case "approved":
      return {
        ...base,
        ...song,
        status: "completed",
        approvalStatus: "approved",
        approvedAt: created,
        deliveryScheduledFor: new Date(now + 6 * 3_600_000).toISOString(),
      };
    case "sent":
      return {
        ...base,
        ...song,
        status: "completed",
        approvalStatus: "approved",
        approvedAt: created,
        deliveryScheduledFor: created,
        emailSentAt: created,
        emailSendCount: 1,
        ...(base.addStreamingServices
          ? { streamingStatus: STREAMING_STATUSES[Math.floor(i / 9) % STREAMING_STATUSES.length] }
          : {}),
      };
  }
}

/** Writes `count` sample orders numbered from the shop's sequence; answers how many were written. */
export async function writeSampleOrders(kv: Deno.Kv, count: number, now = Date.now()): Promise<number> {
  let written = 0;
  while (written < count) {
    const sequence = await kv.get<number>(keys.orderSequence());
    const operation = kv.atomic();
    const first = sequence.value ?? FIRST_ORDER_NUMBER;
    // As many orders as fit in one commit: each is 30 to over 100 mutations (indexes and counters).
    let batch = 0;
    for (let mutations = 0; written + batch < count; batch++) {
      const order = sampleOrder(written + batch, first + batch, now);
      mutations += newOrderMutations(order);
      if (batch > 0 && mutations > MUTATIONS_PER_BATCH) break;
      writeOrder(operation, null, order);
    }
    operation.check(sequence).set(keys.orderSequence(), first + batch);
    const result = await operation.commit();
    if (result.ok) written += batch;
  }
  return written;
}
