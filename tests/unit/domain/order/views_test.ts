import { assert, assertEquals } from "@std/assert";
import {
  ADMIN_ORDER_FIELDS,
  adminOrderView,
  mySongsItem,
  ownerOrderView,
  publicOrderView,
  recipientOrderView,
} from "../../../../domain/order/views.ts";
import { buildOrder, type Order, orderFormSchema } from "../../../../domain/order/orders.ts";

/**
 * Issue 16 §7: every customer-facing view lists what it includes. These key sets are the promise:
 * a field reaches a customer only when it is added here on purpose.
 */
const NOW = Date.parse("2026-03-01T10:00:00Z");

/** A delivered gift order with every staff-only and bookkeeping field filled in. */
function orderFullOfSecrets(): Order {
  const form = orderFormSchema.parse({
    childName: "Mia Rose",
    parentName: "Sam Parent",
    parentEmail: "sam@example.com",
    isGift: true,
    giftRecipientName: "Grandma",
    giftRecipientEmail: "grandma@example.com",
    giftMessage: "Happy birthday!",
  });
  const order = buildOrder(form, {
    id: "o1",
    orderNumber: 1000,
    userId: "user-secret",
    price: { basePrice: 2499, streamingPrice: 1000, discountAmount: 500, totalPrice: 1999 },
    payment: { kind: "checkout", sessionId: "cs_test_secret", provider: "stripe", amountPaid: 1999 },
    promoCode: "FRIEND",
    referralCodeUsed: "FRIEND",
    customerReferralCode: "MIA-1000",
    now: NOW,
  });
  const at = new Date(NOW).toISOString();
  return {
    ...order,
    status: "completed",
    approvalStatus: "approved",
    approvedAt: at,
    approvedBy: "staff@littlehits.example",
    songUrl: "https://shop.example/songs/blob.mp3",
    songTitle: "Mia's Song",
    songLyrics: "La la",
    songTags: "pop, happy",
    songTaskId: "task-secret",
    songBlobId: "blob-secret",
    completedAt: at,
    emailSentAt: at,
    emailSendCount: 1,
    emailMessageId: "<secret@mail>",
    deliveryError: "smtp.internal.example said 451",
    statusDetail: "Suno said something",
    lyricsCustomInput: "make it rhyme with the dog's name",
    promptVersions: { lyrics: 3, tags: 2 },
    claimTokenHash: "hash-secret",
    linkLastOpenedAt: at,
    tokenRevoked: false,
    discountReview: { flaggedAt: at, reasons: ["secret"] },
    refund: { refundedAt: at, by: "staff@littlehits.example", amountCents: 1999 },
    reviewListen: { playedMs: 1000, durationMs: 2000, by: "staff@littlehits.example", at },
    rejection: { reason: "the staff's secret reason", by: "staff@littlehits.example", at },
  } as unknown as Order;
}

const SONG_AND_CHILD = [
  "id",
  "orderNumber",
  "status",
  "createdAt",
  "completedAt",
  "error",
  "childName",
  "phoneticSpelling",
  "childGender",
  "childAge",
  "childBirthday",
  "favoriteColor",
  "bestFriend",
  "favoriteActivity",
  "petName",
  "parentCallName",
  "favoriteSaying",
  "favoriteToy",
  "dreamAspiration",
  "favoritePlace",
  "specialTalent",
  "childFriends",
  "childActivities",
  "extraDetails",
  "additionalDetails",
  "songStyle",
  "songGenre",
  "singerGender",
  "parentName",
  "isGift",
  "giftRecipientName",
  "giftMessage",
  "addStreamingServices",
  "streamingArtistName",
  "streamingStatus",
  "customerReferralCode",
  "progress",
  "delivery",
  "deliveryScheduledFor",
  "requestedDelivery",
  "songUrl",
  "songTitle",
  "songLyrics",
];

const sorted = (keys: string[]) => [...keys].sort();

Deno.test("the owner's view is exactly the family's fields: what they told us, what it cost, the song", () => {
  assertEquals(
    sorted(Object.keys(ownerOrderView(orderFullOfSecrets()))),
    sorted([
      ...SONG_AND_CHILD,
      "parentEmail",
      "giftRecipientEmail",
      "basePrice",
      "streamingPrice",
      "totalPrice",
      "discountAmount",
      "promoCode",
      "referralCodeUsed",
      "refunded",
    ]),
  );
});

Deno.test("a recipient's view has the song and the message, no prices and no addresses", () => {
  assertEquals(sorted(Object.keys(recipientOrderView(orderFullOfSecrets()))), sorted(SONG_AND_CHILD));
});

Deno.test("the public view and the My Songs item keep their key sets", () => {
  assertEquals(
    sorted(Object.keys(publicOrderView(orderFullOfSecrets()))),
    sorted([
      "id",
      "orderNumber",
      "status",
      "error",
      "progress",
      "delivery",
      "deliveryScheduledFor",
      "requestedDelivery",
      "childName",
      "childAge",
      "childFriends",
      "songStyle",
      "songGenre",
      "songUrl",
      "songTitle",
      "songLyrics",
      "customerReferralCode",
      "createdAt",
      "gift",
      "songTiming",
      "anotherVersion",
    ]),
  );
  assertEquals(
    sorted(Object.keys(mySongsItem(orderFullOfSecrets(), "owner"))),
    sorted([
      "id",
      "songTitle",
      "childName",
      "orderNumber",
      "status",
      "createdAt",
      "completedAt",
      "songUrl",
      "error",
      "songStyle",
      "childAge",
      "childFriends",
      "progress",
      "delivery",
      "deliveryScheduledFor",
      "requestedDelivery",
      "deliveryTimeChangeable",
      "access",
      "anotherVersion",
      "removal",
      "giftRecipientName",
    ]),
  );
});

Deno.test("the public view carries a delivered gift's card: the sender as typed and the message, no addresses", () => {
  const order = {
    ...orderFullOfSecrets(),
    parentName: "Grandma Sue ",
    giftMessage: " Happy birthday!\nLove you ",
  };
  const view = publicOrderView(order);
  assertEquals(view.gift, { from: "Grandma Sue", message: "Happy birthday!\nLove you" });
  assertEquals(Object.keys(view.gift!).sort(), ["from", "message"]);
  const text = JSON.stringify(view);
  for (const address of ["sam@example.com", "grandma@example.com"]) {
    assert(!text.includes(address), `${address} stays out of the public view`);
  }
});

Deno.test("the public view has no gift card for other orders, nor before the song is delivered", () => {
  const notAGift = { ...orderFullOfSecrets(), isGift: false, giftMessage: "" };
  assertEquals(publicOrderView(notAGift).gift, null);
  const inReview = { ...orderFullOfSecrets(), approvalStatus: "pending", emailSentAt: undefined } as Order;
  assertEquals(publicOrderView(inReview).gift, null, "the card waits with the song");
  assertEquals(publicOrderView(inReview).songUrl, null);
  const withoutMessage = publicOrderView({ ...orderFullOfSecrets(), giftMessage: "" });
  assertEquals(withoutMessage.gift, { from: "Sam Parent", message: "" });
});

Deno.test("a gift message is carried as the giver typed it, markup and all (the page shows it as text)", () => {
  const markup = "<script>alert(1)</script><img src=x onerror=alert(1)>";
  assertEquals(publicOrderView({ ...orderFullOfSecrets(), giftMessage: markup }).gift?.message, markup);
});

Deno.test("no customer view carries a staff address, a secret or the mail server's words", () => {
  const order = orderFullOfSecrets();
  for (
    const view of [
      ownerOrderView(order),
      recipientOrderView(order),
      publicOrderView(order),
      mySongsItem(order, "shared"),
    ]
  ) {
    const text = JSON.stringify(view);
    for (
      const secret of [
        "staff@littlehits.example",
        "user-secret",
        "cs_test_secret",
        "task-secret",
        "blob-secret",
        "hash-secret",
        "<secret@mail>",
        "smtp.internal",
        "Suno said",
        "rhyme with the dog",
        "pop, happy",
        "the staff's secret reason",
      ]
    ) {
      assert(!text.includes(secret), `${secret} leaks into ${text.slice(0, 80)}…`);
    }
  }
  assertEquals(ownerOrderView(order).songUrl, order.songUrl, "the delivered song is the family's");
});

Deno.test("staff's view is exactly its listed fields; the job system's bookkeeping stays out", () => {
  const bookkeeping = {
    payment: { kind: "checkout", sessionId: "cs_secret" },
    stepClaim: { stage: "TAGS" },
    stageStartedAt: "t",
    stageRetries: 1,
    failureEmail: { messageId: "<m>" },
    failureEmailAttempts: 1,
    songBlobId: "blob-secret",
    deliveryClaim: { round: 1 },
    claimTokenHash: "hash-secret",
  };
  // Every listed field set, every bookkeeping field set, and a field nobody listed yet.
  const everything = {
    ...Object.fromEntries(ADMIN_ORDER_FIELDS.map((field) => [field, `value of ${field}`])),
    ...bookkeeping,
    someNewField: "not listed",
  } as unknown as Order;
  assertEquals(sorted(Object.keys(adminOrderView(everything))), sorted([...ADMIN_ORDER_FIELDS]));
  assertEquals(ADMIN_ORDER_FIELDS.length, new Set(ADMIN_ORDER_FIELDS).size, "each field once");
  for (const field of Object.keys(bookkeeping)) {
    assertEquals((ADMIN_ORDER_FIELDS as readonly string[]).includes(field), false, field);
  }
  // A field the order does not have stays absent rather than becoming an explicit undefined.
  assertEquals("refund" in adminOrderView(orderFullOfSecrets()), true);
  assertEquals(
    "deliveryError" in adminOrderView({ ...orderFullOfSecrets(), deliveryError: undefined }),
    true,
  );
  // Issue 23: what staff heard and why they rejected a song are theirs to read.
  const staff = adminOrderView(orderFullOfSecrets());
  assertEquals([staff.reviewListen?.playedMs, staff.rejection?.reason], [1000, "the staff's secret reason"]);
  const { refund: _refund, ...withoutRefund } = orderFullOfSecrets();
  assertEquals("refund" in adminOrderView(withoutRefund as Order), false);
  // Issue 23: staff see when the family will be told of a failure; the family's own view does not.
  const failing = {
    ...orderFullOfSecrets(),
    status: "failed" as const,
    failureEmailDueAt: "2026-03-01T10:30:00Z",
  };
  assertEquals(adminOrderView(failing).failureEmailDueAt, "2026-03-01T10:30:00Z");
  assertEquals("failureEmailDueAt" in ownerOrderView(failing), false);
});

Deno.test("the reveal gets the delivered take's timing and the offered take, only once delivered", () => {
  const timing = (word: string) => ({
    lines: [{ section: null, start: 1, end: 2, words: [{ text: word, start: 1, end: 2 }] }],
  });
  const take = (number: 1 | 2) => ({
    take: number,
    audioId: `track-${number}`,
    blobId: `blob-${number}`,
    songUrl: `https://shop.example/audio/blob-${number}.mp3`,
    title: "Mia's Song",
    durationSeconds: 20,
    timing: { state: "stored" as const, storedAt: new Date(NOW).toISOString(), lines: 1 },
  });
  const timings = new Map([["blob-1", timing("one")], ["blob-2", timing("two")]]);
  const chosen: Order = {
    ...orderFullOfSecrets(),
    songTakes: [take(1), take(2)],
    songUrl: take(2).songUrl,
    songBlobId: "blob-2",
    takeChoice: { take: 2, by: "staff", at: new Date(NOW).toISOString() },
  };

  const shown = publicOrderView(chosen, timings);
  assertEquals(shown.songTiming, timing("two"));
  assertEquals(shown.anotherVersion, null, "not offered");

  const offered = publicOrderView({ ...chosen, bonusTake: { by: "staff", at: "t" } }, timings);
  assertEquals(offered.anotherVersion, {
    songUrl: take(1).songUrl,
    downloadUrl: "/api/download/o1/another-version",
    timing: timing("one"),
  });

  const notYetSent = publicOrderView(
    { ...chosen, bonusTake: { by: "staff", at: "t" }, emailSentAt: null },
    timings,
  );
  assertEquals([notYetSent.songTiming, notYetSent.anotherVersion], [null, null], "held back with the song");
});

Deno.test("issue 23: during the failure email's grace every customer view shows a song being made", () => {
  const inGrace: Order = {
    ...orderFullOfSecrets(),
    status: "failed",
    currentStage: "LYRICS",
    error: "OpenAI 500: the provider's words",
    failureEmailSent: false,
    failureEmailDueAt: "2026-03-01T10:30:00Z",
  };
  const item = mySongsItem(inGrace, "owner");
  assertEquals([item.status, item.error, item.progress], ["generating", null, "We're writing the words."]);
  assertEquals([ownerOrderView(inGrace).status, ownerOrderView(inGrace).error], ["generating", null]);
  assertEquals(recipientOrderView(inGrace).status, "generating");
  assertEquals(publicOrderView(inGrace).status, "generating");

  const told: Order = { ...inGrace, failureEmailSent: true, failureEmailDueAt: null };
  const failedItem = mySongsItem(told, "owner");
  assertEquals([failedItem.status, failedItem.progress], ["failed", null]);
  assert(failedItem.error);
  assertEquals(publicOrderView(told).status, "failed");
});
