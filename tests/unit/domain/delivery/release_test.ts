import { assertEquals } from "@std/assert";
import {
  deliveryAddressees,
  deliveryStateOf,
  describeDelay,
  isReleased,
  releasedAudioOf,
} from "../../../../domain/delivery/release.ts";
import { dueWorkOf } from "../../../../domain/order/due_work.ts";
import type { Order } from "../../../../domain/order/orders.ts";
import type { SongTake } from "../../../../domain/song/takes.ts";

const order = (fields: Partial<Order>) =>
  ({
    status: "completed",
    approvalStatus: "pending",
    songUrl: "http://x/audio/a.mp3",
    parentEmail: "ann@example.com",
    isGift: false,
    ...fields,
  }) as Order;

Deno.test("the song is the customer's once delivered; My Songs says where it stands", () => {
  assertEquals([isReleased(order({})), deliveryStateOf(order({}))], [false, "in-review"]);
  assertEquals(deliveryStateOf(order({ approvalStatus: "approved" })), "scheduled");
  assertEquals([isReleased(order({ emailSentAt: "t" })), deliveryStateOf(order({ emailSentAt: "t" }))], [
    true,
    "delivered",
  ]);
  assertEquals(deliveryStateOf(order({ status: "failed" })), null);
});

Deno.test("the audio a family has: the song once released, and the other take only while offered", () => {
  const take = (number: 1 | 2): SongTake => ({
    take: number,
    audioId: null,
    blobId: `b${number}`,
    songUrl: `http://x/audio/b${number}.mp3`,
    title: null,
    durationSeconds: null,
    timing: { state: "absent", reason: "test", attempts: 0 },
  });
  const made = order({ songBlobId: "b1", songTakes: [take(1), take(2)] });
  const offered = { bonusTake: { by: "boss", at: "t" } };
  assertEquals(releasedAudioOf(made), [], "in review: staff's alone");
  assertEquals(releasedAudioOf({ ...made, ...offered }), [], "offered, but nothing is released yet");
  const sent = { ...made, emailSentAt: "t" };
  assertEquals(releasedAudioOf(sent), ["b1"]);
  assertEquals(releasedAudioOf({ ...sent, ...offered }), ["b1", "b2"]);
  const chose2 = {
    ...sent,
    ...offered,
    songBlobId: "b2",
    takeChoice: { take: 2 as const, by: "boss", at: "t" },
  };
  assertEquals(releasedAudioOf(chose2), ["b2", "b1"], "Take 1 is now the other version");
  assertEquals(releasedAudioOf({ ...chose2, bonusTake: null }), ["b2"], "withdrawn");
  assertEquals(releasedAudioOf(order({ emailSentAt: "t", songBlobId: "u1" })), ["u1"], "an uploaded song");
});

Deno.test("the delay reads as people say it", () => {
  assertEquals(
    [12, 1, 1.5, 0.5, 0.002, 1 / 3600].map(describeDelay),
    ["12 hours", "1 hour", "1.5 hours", "30 minutes", "7 seconds", "1 second"],
  );
});

Deno.test("a gift with a recipient address goes to the recipient, with a copy to the giver", () => {
  assertEquals(deliveryAddressees(order({})), [{ part: "main", to: "ann@example.com", role: "parent" }]);
  const gift = order({ isGift: true, giftRecipientEmail: "sam@example.com" });
  assertEquals(deliveryAddressees(gift).map((addressee) => [addressee.to, addressee.role]), [
    ["sam@example.com", "recipient"],
    ["ann@example.com", "giver"],
  ]);
  assertEquals(deliveryAddressees(order({ isGift: true })).length, 1, "no recipient address: the parent");
});

Deno.test("a delivery is due work only for a finished, approved song with a send pending", () => {
  const due = "2026-01-01T00:00:00.000Z";
  assertEquals(dueWorkOf(order({ approvalStatus: "approved", deliveryDueAt: due })), [{
    job: "delivery",
    dueAt: Date.parse(due),
    lane: "customer",
  }]);
  assertEquals(dueWorkOf(order({ approvalStatus: "approved", deliveryDueAt: null })), []);
  assertEquals(
    dueWorkOf(order({ status: "generating", approvalStatus: "approved", deliveryDueAt: due })),
    [],
  );
});
